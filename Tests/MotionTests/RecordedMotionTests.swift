import Foundation
import Testing

import MotionEvaluation
import Time
@testable import Motion

/// The detector on a few of the repository's real recordings, each standing for one of its
/// rules (the whole set is scored by `make eval-motion`).
@Suite("The swing detector on real recordings: the rules each one stands for")
struct RecordedMotionTests {
    static func recording(_ name: String) throws -> Recording {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let text = try String(contentsOf: root.appendingPathComponent("data/motion/\(name)"), encoding: .utf8)
        return try Recording(csv: text)
    }

    static func phases(_ name: String) throws -> [(DetectorEvent.Phase, Double)] {
        var detector = SwingDetector()
        return detector.run(try recording(name)).map { ($0.phase, Double($0.time.microseconds) / 1_000_000) }
    }

    @Test("a phone delivering 5 Hz while shaken: both shakes end (its swings measured to a sample, 400 or 600 ms)")
    func slowPhone() throws {
        let ends = try Self.phases("handshake_internal_android_phone_dev666.csv").filter { $0.0 == .ended }.map(\.1)
        #expect(ends.contains { $0 > 14.3 && $0 < 18.9 }, "\(ends)")
        #expect(ends.contains { $0 > 27.7 && $0 < 31.7 }, "\(ends)")
    }

    @Test("a phone in a trouser pocket as its wearer sits down, stands and walks: jolts, no stroke, no shake")
    func pocket() throws {
        for name in ["spswhar_pocket_s06_01.csv", "spswhar_pocket_s07_06.csv", "spswhar_pocket_s06_04.csv"] {
            #expect(!(try Self.phases(name)).contains { $0.0 == .ended }, "\(name)")
        }
    }

    @Test("walking with a sensor on the wrist: swings under twice the sensitivity, no shake")
    func wristWalking() throws {
        for name in ["wrist16_walking_049.csv", "wrist16_walking_051.csv"] {
            #expect(!(try Self.phases(name)).contains { $0.0 == .ended }, "\(name)")
        }
    }
}
