internal import CSystem
import Time

/// CLOCK_MONOTONIC, the clock of evdev timestamps and of every deadline in the loop.
public enum MonotonicClock {
    /// Now: microseconds since an arbitrary point (boot), never going back.
    public static var now: MonotonicInstant { MonotonicInstant(microseconds: csystem_monotonic_us()) }
}
