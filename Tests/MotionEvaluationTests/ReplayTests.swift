import Testing

import Motion
import Time
@testable import MotionEvaluation

/// A detector over a recording as `mediaremotectl motion replay` runs it, against `run`, which
/// scoring uses.
@Suite("Replaying a recording: a shake it ends in is cancelled")
struct ReplayTests {
    @Test("a recording that ends mid-shake cancels the shake at its last sample; run keeps the detector's events alone")
    func endsMidShake() {
        let whole = RecordingTests.shake(hertz: 5, amplitude: 3, seconds: 1.5)
        var detector = SwingDetector()
        #expect(detector.replay(whole).map(\.phase) == [.began, .ended])
        // Cut 0.6 s into the shake.
        let cut = Recording(samples: whole.samples.filter { $0.time < RecordingTests.ms(1600) })
        var again = SwingDetector()
        let events = again.replay(cut)
        #expect(events.map(\.phase) == [.began, .cancelled])
        #expect(events.last?.time == RecordingTests.ms(1590))
        // What scoring reads: a cancel there would count as the detector's own.
        var scored = SwingDetector()
        #expect(scored.run(cut) == Array(events.dropLast()))
        var empty = SwingDetector()
        #expect(empty.replay(Recording(samples: [])).isEmpty)
    }
}
