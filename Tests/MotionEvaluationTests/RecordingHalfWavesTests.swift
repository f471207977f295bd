import Foundation
import Motion
import Testing
import Time

@testable import MotionEvaluation

@Suite("What a shake is, without a detector: half-waves along the main axis (issue 38)")
struct RecordingHalfWavesTests {
    /// 100 Hz: a second of rest, `cycles` back-and-forths of `amplitude` g at 5 Hz along the
    /// direction (1, 1, 0)/√2 with gravity on z, then a second of rest.
    static func shake(cycles: Int, amplitude: Double) -> Recording {
        let moving = Double(cycles) / 5
        return Recording(samples: (0..<Int((2 + moving) * 100)).map { index in
            let t = Double(index) / 100
            let a = t >= 1 && t < 1 + moving ? amplitude * sin(2 * .pi * 5 * (t - 1)) : 0
            return MotionSample(time: MonotonicInstant(microseconds: UInt64(index) * 10_000), x: a / 2.0.squareRoot(), y: a / 2.0.squareRoot(), z: 1)
        })
    }

    static func count(_ recording: Recording) -> Int {
        recording.halfWaves(from: .zero + .milliseconds(900), to: recording.samples.last!.time - .milliseconds(900))
    }

    @Test("three back-and-forths of 1.5 g are 6 half-waves, whatever the axis: deliberate")
    func deliberate() {
        #expect(Self.count(Self.shake(cycles: 3, amplitude: 1.5)) == 6)
        #expect(Self.count(Self.shake(cycles: 5, amplitude: 1.5)) == 10)
    }

    @Test("two back-and-forths are 4; motion under 0.5 g each way counts none")
    func shortOrWeak() {
        #expect(Self.count(Self.shake(cycles: 2, amplitude: 1.5)) == 4)
        #expect(Self.count(Self.shake(cycles: 3, amplitude: 0.4)) == 0)
    }

    @Test("gravity turning slowly (the device tilted over a second) is no half-wave")
    func tilt() {
        let recording = Recording(samples: (0..<300).map { index in
            let angle = min(max(Double(index - 100) / 100, 0), 1) * .pi / 2
            return MotionSample(time: MonotonicInstant(microseconds: UInt64(index) * 10_000), x: sin(angle), y: 0, z: cos(angle))
        })
        #expect(recording.halfWaves(from: .zero, to: .zero + .seconds(3)) == 0)
    }

    @Test("the main axis is the direction of most motion, even when one axis alone varies more than any other")
    func principalAxis() {
        // x varies by 1 g on its own; y and z by 0.9 g each, together: along (0, 1, 1) is 1.8 g².
        let vectors = [Triple(1, 0.9, 0.9), Triple(1, -0.9, -0.9), Triple(-1, 0.9, 0.9), Triple(-1, -0.9, -0.9)]
        let axis = Recording.principalAxis(of: vectors)
        #expect(abs(axis.x) < 0.01 && abs(abs(axis.y) - 0.5.squareRoot()) < 0.01 && abs(abs(axis.z) - 0.5.squareRoot()) < 0.01, "\(axis)")
    }
}
