/// Instants and durations: an instant moved by a duration, and the duration between two.
/// Instants count whole microseconds, so a duration's part below a microsecond is dropped
/// (toward zero, so that moving forward and back by the same duration comes back).
extension MonotonicInstant {
    /// `duration` later (earlier, for a negative duration). It stops at the clock's start and at
    /// the last instant it can count instead of wrapping: a deadline beyond either is never
    /// reached, which is what it means.
    @inlinable
    public static func + (instant: MonotonicInstant, duration: Duration) -> MonotonicInstant {
        let microseconds = Int128(instant.microseconds) + duration.attoseconds / Duration.attosecondsPerMicrosecond
        return MonotonicInstant(microseconds: UInt64(clamping: microseconds))
    }

    /// `duration` earlier (later, for a negative duration), stopping at the clock's start.
    @inlinable
    public static func - (instant: MonotonicInstant, duration: Duration) -> MonotonicInstant {
        instant + (.zero - duration)
    }

    /// The time from `earlier` to `later`: negative when `earlier` is in fact the later one.
    @inlinable
    public static func - (later: MonotonicInstant, earlier: MonotonicInstant) -> Duration {
        later >= earlier
            ? .microseconds(later.microseconds - earlier.microseconds)
            : .zero - .microseconds(earlier.microseconds - later.microseconds)
    }

    /// The time since `earlier`, never negative: zero when `earlier` is not earlier (a deadline
    /// already past, an event stamped after the clock was read).
    @inlinable
    public func duration(since earlier: MonotonicInstant) -> Duration {
        self > earlier ? self - earlier : .zero
    }

    @inlinable
    public static func += (instant: inout MonotonicInstant, duration: Duration) { instant = instant + duration }
    @inlinable
    public static func -= (instant: inout MonotonicInstant, duration: Duration) { instant = instant - duration }
}
