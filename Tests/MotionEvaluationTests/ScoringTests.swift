import Motion
import MotionEvaluation
import Testing
import Time

@Suite("Scoring by the decided rules: hand shakes recognised, wrist windows reached, false shakes and starts per hour")
struct ScoringTests {
    static func ms(_ milliseconds: UInt64) -> MonotonicInstant { MonotonicInstant(microseconds: milliseconds * 1000) }
    static func event(_ phase: DetectorEvent.Phase, _ milliseconds: UInt64) -> DetectorEvent { DetectorEvent(phase, at: ms(milliseconds)) }

    @Test("a hand shake is recognised by an ended within 2 s of its end, not before its start; began is timed from its onset")
    func handShakes() {
        var score = Score()
        // Began 200 ms in, ended 1.5 s after the end: recognised.
        score.add(events: [Self.event(.began, 1200), Self.event(.ended, 3500)], in: .handShakes([(Self.ms(1000), Self.ms(2000))]))
        // Ended 2.5 s after the end: too late, though it began.
        score.add(events: [Self.event(.began, 1100), Self.event(.ended, 4500)], in: .handShakes([(Self.ms(1000), Self.ms(2000))]))
        // A long shake ended 1 s before its end: recognised; one ended before it began is not.
        score.add(events: [Self.event(.began, 1300), Self.event(.ended, 5000)], in: .handShakes([(Self.ms(1000), Self.ms(6000))]))
        score.add(events: [Self.event(.began, 100), Self.event(.ended, 500)], in: .handShakes([(Self.ms(1000), Self.ms(2000))]))
        #expect(score.handShakes == 4)
        #expect(score.recognised == 2)
        #expect(score.beganLatencies == [.milliseconds(200), .milliseconds(100), .milliseconds(300)])
        #expect(score.recognisedFraction == 0.5)
        // Nothing in a hand-shake recording is a false shake: its handling may be unlabelled.
        #expect(score.falseShakes == 0 && score.quietDuration == .zero)
    }

    @Test("one hand shake alone, from a recording holding two: only the events near it count")
    func oneShake() {
        let events = [Self.event(.began, 1200), Self.event(.ended, 2500), Self.event(.began, 9100), Self.event(.cancelled, 9400)]
        let first = Score.of(events, shake: (Self.ms(1000), Self.ms(2000)))
        #expect(first.recognised == 1 && first.beganLatencies == [.milliseconds(200)])
        let second = Score.of(events, shake: (Self.ms(9000), Self.ms(10000)))
        #expect(second.recognised == 0 && second.beganLatencies == [.milliseconds(100)])
    }

    @Test("a wrist window is reached by any began or ended; a cancel alone does not reach it")
    func windows() {
        var score = Score()
        score.add(events: [Self.event(.began, 5000), Self.event(.cancelled, 5500)], in: .shakingWindow)
        score.add(events: [Self.event(.ended, 100)], in: .shakingWindow)
        score.add(events: [], in: .shakingWindow)
        score.add(events: [Self.event(.cancelled, 100)], in: .shakingWindow)
        #expect(score.shakingWindows == 4 && score.windowsReached == 2)
        #expect(score.windowsReachedFraction == 0.5)
    }

    @Test("in a recording with no shake: false shakes and starts per hour, and how many starts were cancelled within 1 s")
    func noShake() {
        var score = Score()
        score.add(
            events: [
                Self.event(.began, 100), Self.event(.cancelled, 900),  // cancelled in 0.8 s
                Self.event(.began, 2000), Self.event(.ended, 3000),  // a false shake
                Self.event(.began, 5000), Self.event(.cancelled, 6500),  // cancelled, but late
            ],
            in: .noShake(duration: .seconds(1800)))
        #expect(score.falseShakes == 1 && score.falseStarts == 3 && score.falseStartsCancelledQuickly == 1)
        #expect(score.falseShakesPerHour == 2)
        #expect(score.falseStartsPerHour == 6)
        #expect(abs(score.quickCancelFraction - 1.0 / 3) < 1e-9)
        #expect(Score().quickCancelFraction == 1, "no false start is none left standing")
    }

    @Test("percentiles by nearest rank")
    func percentile() {
        #expect(Score.percentile([5, 1, 3, 2, 4], 0.5) == 3)
        #expect(Score.percentile([5, 1, 3, 2, 4], 0.95) == 5)
        #expect(Score.percentile([Duration](), 0.5) == nil)
    }
}
