import Time

extension MonotonicInstant {
    /// Seconds since the clock's start, as a Double: the swing detector's arithmetic is floating
    /// point (running means, a swing's reach, every sample weighed up to 1 kHz), and it takes a
    /// span as the difference of two of these, as its figures were made. A Double tells every
    /// microsecond apart for over two centuries of the clock.
    var seconds: Double { Double(microseconds) / 1_000_000 }
}
