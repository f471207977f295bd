// The two units the kernel's and libdbus's timeouts are given in.
extension Duration {
    /// Whole milliseconds, rounded up, so a timeout never fires early (epoll's and libdbus's
    /// timeouts count milliseconds).
    public var millisecondsRoundedUp: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    }

    /// Whole nanoseconds, a negative duration as zero: what timerfd takes.
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    }
}
