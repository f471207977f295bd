import Motion
import Testing
import Time

/// Why a shake was not taken, in words a person can act on (issue 38): `motion watch` and
/// `motion replay` say it.
@Suite("A shake not taken: what was missing, and what to do next time")
struct DetectorAdviceTests {
    static let parameters = SwingDetector.Parameters()

    @Test("stopping too soon is too short, with how many back-and-forths over how long")
    func tooShort() {
        // One back-and-forth; two over less than the shortest shake; two that cannot hold four strokes.
        #expect(DetectorEvent.Cancellation.tooLittle(strokesInARow: 2, backAndForths: 1, lasted: .milliseconds(230)).advice(Self.parameters)
            == "too short: 1 back-and-forth in 230 ms; shake a little longer, about three times")
        #expect(DetectorEvent.Cancellation.tooLittle(strokesInARow: 3, backAndForths: 2, lasted: .milliseconds(250)).advice(Self.parameters)?
            .hasPrefix("too short: 2 back-and-forths in 250 ms") == true)
        #expect(DetectorEvent.Cancellation.tooLittle(strokesInARow: 3, backAndForths: 2, lasted: .milliseconds(370)).advice(Self.parameters)?
            .hasPrefix("too short: 2 back-and-forths in 370 ms") == true)
    }

    @Test("long enough but too few brisk strokes is too gentle, with how many of how many")
    func tooGentle() {
        #expect(DetectorEvent.Cancellation.tooLittle(strokesInARow: 2, backAndForths: 5, lasted: .milliseconds(900)).advice(Self.parameters)
            == "too gentle: 2 brisk strokes in a row, 4 wanted; shake more briskly, along one line")
        #expect(DetectorEvent.Cancellation.noStroke.advice(Self.parameters) == "too gentle: it swayed without a brisk stroke; shake more briskly")
    }

    @Test("each other reason has its words and its name; a recording's end has nothing to do")
    func others() {
        let words: [(DetectorEvent.Cancellation, String, String)] = [
            (.pausedBeforeStroke, "pausedBeforeStroke", "paused before shaking"),
            (.tooLong, "tooLong", "too long: over 5 s of motion"),
            (.neverSettled, "neverSettled", "not held still after"),
        ]
        for (why, name, start) in words {
            #expect(why.name == name)
            #expect(why.advice(Self.parameters)?.hasPrefix(start) == true, "\(why)")
        }
        #expect(DetectorEvent.Cancellation.samplesEnded.advice(Self.parameters) == nil)
        #expect(DetectorEvent.Cancellation.tooLittle(strokesInARow: 0, backAndForths: 0, lasted: .zero).name == "tooLittle")
    }
}
