/// A point on CLOCK_MONOTONIC, to the microsecond: when an event happened (evdev stamps its
/// events on this clock, in microseconds), when a player started, when a deadline falls. The
/// clock starts at an arbitrary point (boot), so an instant means something only beside
/// another of the same clock; what lies between two is a `Duration`. Reading the clock is
/// Loop's (`MonotonicClock.now`): here an instant is only a value.
///
/// Its members are `@inlinable`: instants are compared and moved once a sample in the
/// detectors and their evaluation, where a call across the module for each would cost more
/// than the arithmetic.
public struct MonotonicInstant: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Microseconds since the clock's start: the number the bus carries.
    public let microseconds: UInt64

    @inlinable
    public init(microseconds: UInt64) { self.microseconds = microseconds }

    /// The clock's start, earlier than any instant it gives.
    public static let zero = MonotonicInstant(microseconds: 0)

    @inlinable
    public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool { lhs.microseconds < rhs.microseconds }

    /// "1500 µs": what logs and event descriptions print.
    public var description: String { "\(microseconds) µs" }
}
