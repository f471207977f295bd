import Motion
import Testing
import Time

@testable import MotionEvaluation

@Suite("When a labelled shake's device really starts to move")
struct RecordingOnsetTests {
    static func at(_ milliseconds: UInt64, x: Double) -> MotionSample {
        MotionSample(time: MonotonicInstant(microseconds: milliseconds * 1000), x: x, y: 0, z: 1)
    }

    @Test("the first sample 1 g from where the device was at the onset, counted from the onset")
    func firstMove() {
        let recording = Recording(samples: [
            Self.at(0, x: 0), Self.at(100, x: 0.2), Self.at(200, x: 0.9), Self.at(300, x: -0.5), Self.at(400, x: 1.4),
        ])
        #expect(recording.motion(after: .zero + .milliseconds(100)) == .milliseconds(300))
        #expect(recording.motion(after: .zero + .milliseconds(100), by: 0.5) == .milliseconds(100))
        #expect(recording.motion(after: .zero + .milliseconds(400)) == nil)
        #expect(recording.motion(after: .zero + .seconds(1)) == nil)
    }
}
