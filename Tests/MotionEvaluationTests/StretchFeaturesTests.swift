import Foundation
import Testing

import Motion
import Time
@testable import MotionEvaluation

@Suite("Stretch features: what a half-second of movement looks like to a detector")
struct StretchFeaturesTests {
    /// `frequency` Hz swings of `amplitude` g along y, at `rate` samples a second, gravity on z.
    static func swinging(frequency: Double, amplitude: Double, rate: Double, seconds: Double = 2) -> Recording {
        Recording(samples: (0..<Int(seconds * rate)).map { i in
            let t = Double(i) / rate
            // A quarter-sample lag keeps samples off the zero crossings (the first just after 0).
            return MotionSample(time: MonotonicInstant(microseconds: UInt64(t * 1e6)), x: 0.01, y: amplitude * sin(2 * .pi * frequency * (t - 0.25 / rate)), z: 1)
        })
    }

    @Test("a 4 Hz, 1.5 g swing at 100 Hz: RMS a/√2, peak-to-peak 2a, 8 crossings a second")
    func sine() throws {
        let features = try #require(StretchFeatures(Self.swinging(frequency: 4, amplitude: 1.5, rate: 100).samples, from: .zero))
        #expect(abs(features.rms - 1.5 / 2.0.squareRoot()) < 0.02)
        #expect(abs(features.peakToPeak - 3) < 0.02)
        #expect(features.crossingsPerSecond == 8)
    }

    @Test("fewer than three samples in half a second describe nothing; a recording gives a stretch every 62.5 ms")
    func coverage() {
        let sparse = Self.swinging(frequency: 1, amplitude: 1, rate: 4)
        #expect(StretchFeatures(sparse.samples, from: .zero) == nil)
        let dense = Self.swinging(frequency: 4, amplitude: 1, rate: 100, seconds: 2)
        // From 0 to 1.49 s (the last sample is at 1.99 s), every 62.5 ms.
        #expect(StretchFeatures.all(in: dense).count == 24)
    }

    @Test("at least as large only when larger or equal in all three")
    func dominance() throws {
        let fast = try #require(StretchFeatures(Self.swinging(frequency: 6, amplitude: 1, rate: 100).samples, from: .zero))
        let strongSlow = try #require(StretchFeatures(Self.swinging(frequency: 2, amplitude: 3, rate: 100).samples, from: .zero))
        let strongFast = try #require(StretchFeatures(Self.swinging(frequency: 6, amplitude: 3, rate: 100).samples, from: .zero))
        #expect(strongFast.atLeast(fast) && strongFast.atLeast(strongSlow))
        #expect(!strongSlow.atLeast(fast) && !fast.atLeast(strongSlow))
        #expect(fast.atLeast(fast))
    }
}
