import Testing
import Time

@testable import Motion

@Suite("Strokes in a row: the run a shake is counted by")
struct StrokeRunTests {
    /// A stroke along (x, y) ending at `end` seconds, 125 ms long.
    static func stroke(_ x: Double, _ y: Double, endingAt end: Double) -> Swing {
        Swing(change: Vector3(x: x, y: y, z: 0), duration: 0.125, end: MonotonicInstant(microseconds: UInt64(end * 1_000_000)))
    }

    static func longest(_ strokes: [(Double, Double)], spacing: Double = 0.125) -> Int {
        var run = StrokeRun()
        for (index, (x, y)) in strokes.enumerated() {
            run.add(stroke(x, y, endingAt: 1 + Double(index) * spacing), longestGap: 0.45, crossways: 0.5)
        }
        return run.longest
    }

    @Test("straight back and forth, stroke after stroke, is one run")
    func backAndForth() {
        #expect(Self.longest([(3, 0), (-3, 0), (3, 0), (-3, 0), (3, 0)]) == 5)
    }

    @Test("a stroke cut in two by a wobble (the same direction twice) goes on with the run")
    func splitStroke() {
        #expect(Self.longest([(3, 0), (-3, 0), (-2.5, 0.5), (3, 0)]) == 4)
    }

    @Test("a stroke across the one before (60° to 120°) starts a new run: a path turning, as a circle's")
    func crossways() {
        #expect(Self.longest([(3, 0), (-3, 0), (0, 3), (0, -3), (3, 0), (-3, 0)]) == 2)
        // 120° apart is still across; 150° is back.
        #expect(Self.longest([(3, 0), (-1.5, 2.6), (3, 0)]) == 1)
        #expect(Self.longest([(3, 0), (-2.6, 1.5), (3, 0)]) == 3)
    }

    @Test("a pause longer than a swing between strokes starts a new run: steps, not a shake")
    func pause() {
        #expect(Self.longest([(3, 0), (-3, 0), (3, 0), (-3, 0)], spacing: 0.7) == 1)
        #expect(Self.longest([(3, 0), (-3, 0), (3, 0), (-3, 0)], spacing: 0.5) == 4)
    }
}
