internal import CSystem

/// CLOCK_MONOTONIC, the clock of evdev timestamps and of every deadline in the loop.
public enum MonotonicClock {
    /// Microseconds since an arbitrary point (boot), never going back.
    public static var microseconds: UInt64 { csystem_monotonic_us() }

    public static var now: Duration { .microseconds(Int64(microseconds)) }
}

extension Duration {
    /// Whole milliseconds, rounded up, so a timeout never fires early.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    }

    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    }
}
