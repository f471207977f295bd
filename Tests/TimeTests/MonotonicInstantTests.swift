import Testing
import Time

@Suite("A point on the monotonic clock: order, arithmetic with durations, and its text")
struct MonotonicInstantTests {
    static func at(_ microseconds: UInt64) -> MonotonicInstant { MonotonicInstant(microseconds: microseconds) }

    @Test("instants order by their microseconds, and print as microseconds")
    func orderAndText() {
        #expect(Self.at(1) < Self.at(2))
        #expect(!(Self.at(2) < Self.at(2)))
        #expect([Self.at(30), Self.at(10), Self.at(20)].sorted() == [Self.at(10), Self.at(20), Self.at(30)])
        #expect(MonotonicInstant.zero == Self.at(0))
        #expect(Self.at(1500).description == "1500 µs")
        #expect("at \(Self.at(0))" == "at 0 µs")
    }

    @Test("moving by a duration: forward, back, and a part below a microsecond dropped toward zero")
    func moving() {
        #expect(Self.at(1_000) + .milliseconds(2) == Self.at(3_000))
        #expect(Self.at(3_000) - .milliseconds(2) == Self.at(1_000))
        #expect(Self.at(3_000) + .zero - .microseconds(2_000) == Self.at(1_000))
        #expect(Self.at(1_000) + (.zero - .microseconds(400)) == Self.at(600))
        #expect(Self.at(1_000) + .nanoseconds(1_999) == Self.at(1_001))
        #expect(Self.at(1_000) - .nanoseconds(1_999) == Self.at(999))
        #expect(Self.at(1_000) + .nanoseconds(1_500) - .nanoseconds(1_500) == Self.at(1_000))
        #expect(Self.at(5) + .seconds(1.5) == Self.at(1_500_005))
        var instant = Self.at(10)
        instant += .microseconds(5)
        #expect(instant == Self.at(15))
        instant -= .microseconds(15)
        #expect(instant == .zero)
    }

    @Test("moving stops at the clock's start and at its last instant instead of wrapping")
    func saturating() {
        #expect(Self.at(1_000) - .seconds(1) == .zero)
        #expect(Self.at(1_000) + (.zero - .seconds(1)) == .zero)
        #expect(Self.at(.max - 1) + .microseconds(5) == Self.at(.max))
        #expect(Self.at(.max) + .seconds(Int64.max) == Self.at(.max))
        #expect(MonotonicInstant.zero - .seconds(Int64.max) == .zero)
    }

    @Test("between two instants: a signed duration, or never negative since an earlier one")
    func between() {
        #expect(Self.at(3_500) - Self.at(1_000) == .microseconds(2_500))
        #expect(Self.at(1_000) - Self.at(3_500) == .zero - .microseconds(2_500))
        #expect(Self.at(7) - Self.at(7) == .zero)
        #expect(Self.at(3_500).duration(since: Self.at(1_000)) == .microseconds(2_500))
        #expect(Self.at(1_000).duration(since: Self.at(3_500)) == .zero)
        // The whole range, which no Int64 count of microseconds holds.
        #expect(Self.at(.max) - .zero == .microseconds(UInt64.max))
        #expect(MonotonicInstant.zero - Self.at(.max) == .zero - .microseconds(UInt64.max))
        #expect(Self.at(.max).duration(since: .zero).wholeMicroseconds == .max)
    }

    @Test("a duration in whole microseconds: toward zero, clamped to 64 bits")
    func wholeMicroseconds() {
        #expect(Duration.seconds(5).wholeMicroseconds == 5_000_000)
        #expect(Duration.milliseconds(250).wholeMicroseconds == 250_000)
        #expect(Duration.nanoseconds(1_999).wholeMicroseconds == 1)
        #expect((Duration.zero - .nanoseconds(1_999)).wholeMicroseconds == -1)
        #expect((Duration.zero - .seconds(5)).wholeMicroseconds == -5_000_000)
        #expect(Duration.seconds(Int64.max).wholeMicroseconds == .max)
        #expect((Duration.zero - .seconds(Int64.max)).wholeMicroseconds == .min)
    }
}
