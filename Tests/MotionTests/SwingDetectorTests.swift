import Foundation
import Testing

import MotionEvaluation
import Time
@testable import Motion

@Suite("The swing detector: shakes begin, end, cancel; the same at any rate, range and mounting")
struct SwingDetectorTests {
    /// A hand shake: after `rest` seconds still (gravity on Z), `seconds` of ±`amplitude` g at
    /// `hertz` along `axis`, then `rest` seconds still again. Samples at `rate`, each time
    /// shifted by up to `jitter` of a period.
    static func trace(
        hertz: Double = 5, amplitude: Double = 2, seconds: Double = 1.2, rest: Double = 1.5, rate: Double = 100,
        axis: (Double, Double, Double) = (1, 0, 0), jitter: Double = 0
    ) -> Recording {
        var generator = SplitMix(seed: 7)
        let count = Int((2 * rest + seconds) * rate)
        return Recording(samples: (0..<count).map { i in
            let t = (Double(i) + jitter * (generator.unit() - 0.5)) / rate
            let moving = t >= rest && t < rest + seconds
            let a = moving ? amplitude * sin(2 * .pi * hertz * (t - rest)) : 0
            return MotionSample(time: MonotonicInstant(microseconds: UInt64(max(t, 0) * 1_000_000)), x: a * axis.0, y: a * axis.1, z: 1 + a * axis.2)
        })
    }

    static func phases(_ recording: Recording, _ parameters: SwingDetector.Parameters = .init()) -> [(DetectorEvent.Phase, Double)] {
        var detector = SwingDetector(parameters: parameters)
        return detector.run(recording).map { ($0.phase, Double($0.time.microseconds) / 1_000_000) }
    }

    @Test("a 5 Hz shake: began within 0.3 s of its start, ended within 0.5 s of its end, nothing else")
    func handShake() {
        let events = Self.phases(Self.trace())
        #expect(events.map(\.0) == [.began, .ended])
        #expect(events[0].1 > 1.5 && events[0].1 < 1.8)
        #expect(events[1].1 > 2.7 && events[1].1 < 3.2)
    }

    @Test(
        "the same shake at 10 Hz to 1 kHz, jittered, clipped at ±2 g, and mounted any way up",
        arguments: [
            ("10 Hz", trace(hertz: 3, rate: 10)),
            ("16 Hz", trace(rate: 16)),
            ("1 kHz", trace(rate: 1000)),
            ("uneven spacing", trace(rate: 100, jitter: 0.8)),
            ("diagonal axis", trace(axis: (0.577, 0.577, 0.577))),
            ("along gravity", trace(axis: (0, 0, 1))),
            ("±4 g along gravity, clipped at ±2 g", DeviceProfile(name: "±2 g", rate: nil, range: 2, step: 1.0 / 1024)
                .render(trace(amplitude: 4, axis: (0, 0, 1)))),
        ])
    func anyDevice(_ name: String, _ recording: Recording) {
        #expect(Self.phases(recording).map(\.0) == [.began, .ended], "\(name)")
    }

    @Test("a sensor silent after the shake (evdev sends only changes): the detector's deadline ends it as samples would")
    func silentAfterShake() {
        // The shake, then the sensor sends nothing more once the device is still: the last
        // sample is the first still one after the strokes.
        let full = Self.trace()
        let cut = full.samples.prefix { Double($0.time.microseconds) / 1_000_000 < 2.72 }
        var detector = SwingDetector()
        let withSamples = Self.phases(full)
        var events = cut.flatMap { detector.add($0) }
        #expect(events.map(\.phase) == [.began], "before the silence: \(events.map(\.phase))")
        // A shake under way: a deadline, so the silence after it is looked at.
        #expect(detector.deadline != nil)
        var looks = 0
        while let deadline = detector.deadline, looks < 200 {
            events += detector.timeout(at: deadline)
            looks += 1
        }
        #expect(events.map(\.phase) == [.began, .ended], "\(events.map(\.phase))")
        #expect(detector.deadline == nil, "idle again: no deadline")
        // Ended as late as samples would have ended it, a tick at most after.
        let ended = Double(events.last?.time.microseconds ?? 0) / 1_000_000
        #expect(abs(ended - withSamples[1].1) <= 0.06, "ended at \(ended) s; with samples, at \(withSamples[1].1) s")
        #expect(looks < 40, "\(looks) looks at the time")
        // A look before the last sample changes nothing.
        var early = SwingDetector()
        _ = cut.flatMap { early.add($0) }
        #expect(early.timeout(at: cut.last!.time).isEmpty)
    }

    @Test("a shake that goes on past the longest shake is an activity: began, then cancelled, once")
    func activity() {
        let events = Self.phases(Self.trace(seconds: 12, rest: 1))
        #expect(events.map(\.0) == [.began, .cancelled])
        #expect(events[1].1 - events[0].1 > 4.9 && events[1].1 - events[0].1 < 5.2)
    }

    @Test("too brief to count: one back-and-forth and rest → began, cancelled")
    func tooShort() {
        let events = Self.phases(Self.trace(hertz: 5, seconds: 0.25))
        #expect(events.map(\.0) == [.began, .cancelled])
    }

    @Test("not shakes: rest, a gentle wave, slow swinging, a single bump, small tremor")
    func notShakes() {
        #expect(Self.phases(Self.trace(amplitude: 0)).isEmpty)
        #expect(Self.phases(Self.trace(hertz: 5, amplitude: 0.4, seconds: 3)).isEmpty)
        #expect(Self.phases(Self.trace(hertz: 0.8, amplitude: 2, seconds: 4)).isEmpty)
        #expect(Self.phases(Self.trace(hertz: 5, amplitude: 3, seconds: 0.1)).isEmpty)
        #expect(Self.phases(Self.trace(hertz: 12, amplitude: 0.25, seconds: 3)).isEmpty)
    }

    @Test("the sensitivity is a parameter: a gentle shake of 1 g swings counts at 0.45 g, not at the default")
    func sensitivity() {
        let soft = Self.trace(hertz: 4, amplitude: 0.5)
        #expect(Self.phases(soft).isEmpty)
        var sensitive = SwingDetector.Parameters()
        sensitive.swingStrength = 0.45
        #expect(Self.phases(soft, sensitive).map(\.0) == [.began, .ended])
        // Its strokes must still be twice the sensitivity: at 0.6 g they are not.
        sensitive.swingStrength = 0.6
        #expect(Self.phases(soft, sensitive).map(\.0) == [.began, .cancelled])
    }

    @Test("footstep jolts are not strokes: 5 g swings over 60 ms, twice a second, move the device under a centimetre")
    func footsteps() {
        #expect(!Self.phases(Self.jolts(8, every: 0.5, amplitude: 2.5, lasting: 0.12)).map(\.0).contains(.ended))
        // Twice as long, the same jolts are strokes (3.6 cm): four are a slow, jolting shake.
        #expect(Self.phases(Self.jolts(4, every: 0.5, amplitude: 2.5, lasting: 0.24)).map(\.0) == [.began, .ended])
    }

    @Test("a fast shake needs strong strokes: at 8 Hz a swing of 5 g moves the device under 1.5 cm, 8 g over it")
    func fastShake() {
        #expect(!Self.phases(Self.trace(hertz: 8, amplitude: 2.5, seconds: 1)).map(\.0).contains(.ended))
        #expect(Self.phases(Self.trace(hertz: 8, amplitude: 4, seconds: 1)).map(\.0) == [.began, .ended])
    }

    /// `count` jolts (a push and a stop: one period of ±`amplitude` g over `lasting` seconds
    /// along x; every other one the other way when `alternating`) every `every` seconds, at
    /// rest between, at 100 Hz with uneven spacing.
    static func jolts(_ count: Int, every: Double = 0.7, amplitude: Double = 3.5, lasting: Double = 0.16, alternating: Bool = false)
        -> Recording
    {
        var generator = SplitMix(seed: 11)
        let rest = 1.5
        return Recording(samples: (0..<Int((2 * rest + every * Double(count)) * 100)).map { i in
            let t = (Double(i) + 0.8 * (generator.unit() - 0.5)) / 100
            let index = ((t - rest) / every).rounded(.down)
            let since = t - rest - index * every
            let jolting = t >= rest && index < Double(count) && since < lasting
            let sign = alternating && Int(index) % 2 == 1 ? -1.0 : 1.0
            let a = jolting ? sign * amplitude * sin(2 * .pi * since / lasting) : 0
            return MotionSample(time: MonotonicInstant(microseconds: UInt64(max(t, 0) * 1_000_000)), x: a, y: 0, z: 1)
        })
    }

    @Test("a slow, jolting shake that rests between its jolts: four jolts 0.7 s apart are one shake, not four starts")
    func joltingShake() {
        #expect(Self.phases(Self.jolts(4)).map(\.0) == [.began, .ended])
        #expect(Self.phases(Self.jolts(4, alternating: true)).map(\.0) == [.began, .ended])
        // Each jolt is one stroke: three are too few, and the shake is cancelled once, after
        // waiting for a fourth (the rest at each jolt's end is not part of the next stroke).
        #expect(Self.phases(Self.jolts(3)).map(\.0) == [.began, .cancelled])
        #expect(Self.phases(Self.jolts(3, alternating: true)).map(\.0) == [.began, .cancelled])
        // Jolts a second and a half apart are separate movements.
        #expect(!Self.phases(Self.jolts(4, every: 1.5)).map(\.0).contains(.ended))
    }

    @Test("a detector that has seen the device move before begins and ends a shake as a fresh one does")
    func history() {
        // Tilted by 0.6 g along x and held there for three seconds, then the shake of
        // handShake(), starting back along x: its first swing leaves a rest at a turning point.
        let tilt = (0..<300).map { i in
            let t = Double(i) / 100
            let x = t < 0.5 ? 0 : 0.6 * min((t - 0.5) / 0.3, 1)
            return MotionSample(time: MonotonicInstant(microseconds: UInt64(t * 1_000_000)), x: x, y: 0, z: 1)
        }
        let shake = Self.trace(amplitude: -2).samples.map { sample in
            var later = sample
            later.time = sample.time + .seconds(3)
            later.x += 0.6
            return later
        }
        let fresh = Self.phases(Self.trace(amplitude: -2))
        let seasoned = Self.phases(Recording(samples: tilt + shake))
        #expect(seasoned.map(\.0) == fresh.map(\.0))
        for (then, now) in zip(fresh, seasoned) {
            #expect(abs(now.1 - 3 - then.1) < 0.02, "\(fresh) against \(seasoned)")
        }
    }

    @Test("swinging that never makes a stroke (a sway of 1.6 g) is cancelled when it pauses, or a second after it began")
    func strokeless() {
        // The sway stops at 2.25 s, and the device goes on trembling (±0.5 g at 3 Hz: moving,
        // not at rest, but no swing of the sensitivity).
        var samples = Self.trace(hertz: 2, amplitude: 0.8, seconds: 0.75).samples
        for index in samples.indices {
            let t = Double(samples[index].time.microseconds) / 1_000_000
            if t >= 2.25, t < 4 { samples[index].x = 0.5 * sin(2 * .pi * 3 * (t - 2.25)) }
        }
        let brief = Self.phases(Recording(samples: samples))
        #expect(brief.map(\.0) == [.began, .cancelled])
        // Within half a second of the sway's end, not a second after the began.
        #expect(brief.count == 2 && brief[1].1 < 2.75, "\(brief)")
        let long = Self.phases(Self.trace(hertz: 2, amplitude: 0.8, seconds: 3))
        #expect(long.map(\.0) == [.began, .cancelled])
        #expect(long.count == 2 && long[1].1 - long[0].1 < 1.1, "\(long)")
    }

    @Test("each cancel says why: too long, too little (with its strokes), paused before a stroke, no stroke, the samples ended")
    func cancellations() {
        func why(_ recording: Recording, replay: Bool = false) -> [DetectorEvent.Cancellation] {
            var detector = SwingDetector()
            return (replay ? detector.replay(recording) : detector.run(recording)).compactMap(\.cancellation)
        }
        #expect(why(Self.trace(seconds: 12, rest: 1)) == [.tooLong])
        guard case .tooLittle(let strokes, _, let lasted)? = why(Self.jolts(3)).first else {
            Issue.record("three jolts: \(why(Self.jolts(3)))")
            return
        }
        #expect(strokes == 3 && lasted > .seconds(1.2) && lasted < .seconds(1.8), "\(strokes), \(lasted)")
        #expect(DetectorEvent.Cancellation.tooLittle(strokesInARow: 3, backAndForths: 1, lasted: .milliseconds(1450)).description
            == "it came to rest after 3 strokes in a row and 1 back-and-forth over 1450 ms")
        #expect(why(Self.trace(hertz: 2, amplitude: 0.8, seconds: 3)) == [.noStroke])
        var paused = Self.trace(hertz: 2, amplitude: 0.8, seconds: 0.75).samples
        for index in paused.indices {
            let t = Double(paused[index].time.microseconds) / 1_000_000
            if t >= 2.25, t < 4 { paused[index].x = 0.5 * sin(2 * .pi * 3 * (t - 2.25)) }
        }
        #expect(why(Recording(samples: paused)) == [.pausedBeforeStroke])
        // A recording that ends mid-shake: the replay cancels it, as the service does when a sensor goes.
        let cut = Recording(samples: Array(Self.trace(seconds: 3, rest: 1).samples.prefix(250)))
        #expect(why(cut) == [] && why(cut, replay: true) == [.samplesEnded])
    }

    @Test("a shake that opens gently (0.6 s of 1.6 g swings) and grows is one shake")
    func gentleOpening() {
        var samples = Self.trace(hertz: 4, amplitude: 2.5, seconds: 1.6).samples
        for index in samples.indices {
            let t = Double(samples[index].time.microseconds) / 1_000_000
            if t >= 1.5, t < 2.1 { samples[index].x *= 0.32 }
        }
        #expect(Self.phases(Recording(samples: samples)).map(\.0) == [.began, .ended])
    }

    @Test("samples from the past are ignored: a whole shake stamped before the last sample gives nothing")
    func outOfOrder() {
        let shake = Self.trace()
        #expect(Self.phases(shake).map(\.0) == [.began, .ended])
        var detector = SwingDetector()
        _ = detector.add(MotionSample(time: .zero + .seconds(60), x: 0, y: 0, z: 1))
        #expect(detector.run(shake).isEmpty)
    }
}

/// A small deterministic generator for jitter.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
}

/// `began` mid-swing (issue 38): sooner, and nothing else changes.
@Suite("The swing detector beginning while the back-and-forth's second swing is under way")
struct MidSwingBeginTests {
    static func midSwing(_ strength: Double) -> SwingDetector.Parameters {
        var parameters = SwingDetector.Parameters()
        parameters.midSwingBegin = strength
        return parameters
    }

    @Test("a shake at 3 to 5 Hz begins sooner, ends at the same moment, and counts the same back-and-forths", arguments: [3.0, 4.0, 5.0])
    func sooner(_ hertz: Double) {
        let trace = SwingDetectorTests.trace(hertz: hertz, amplitude: 3)
        let before = SwingDetectorTests.phases(trace, Self.midSwing(0))
        let after = SwingDetectorTests.phases(trace, Self.midSwing(1))
        guard before.map(\.0) == [.began, .ended], after.map(\.0) == [.began, .ended] else {
            Issue.record("\(before) \(after)")
            return
        }
        // A fifth of a period at the least: the second swing's way from past the first's start to its turn.
        #expect(before[0].1 - after[0].1 >= 0.2 / hertz, "\(before) \(after)")
        #expect(after[1].1 == before[1].1)
    }

    @Test("a single back-and-forth still comes to rest with too little: cancelled, with one back-and-forth counted once")
    func oneBackAndForth() {
        var detector = SwingDetector(parameters: Self.midSwing(1))
        let events = detector.run(SwingDetectorTests.trace(hertz: 4, amplitude: 3, seconds: 0.25))
        #expect(events.map(\.phase) == [.began, .cancelled])
        guard case .tooLittle(_, let backAndForths, _)? = events.last?.cancellation else {
            Issue.record("\(events)")
            return
        }
        #expect(backAndForths == 1)
    }
}
