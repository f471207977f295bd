internal import CSystem

/// CLOCK_MONOTONIC, the clock of evdev timestamps and of every deadline in the loop.
public enum MonotonicClock {
    /// Microseconds since an arbitrary point (boot), never going back.
    public static var microseconds: UInt64 { csystem_monotonic_us() }

    public static var now: Duration { .microseconds(Int64(microseconds)) }
}
