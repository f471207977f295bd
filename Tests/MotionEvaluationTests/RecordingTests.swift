import Foundation
import Testing

import Motion
import Time
@testable import MotionEvaluation

@Suite("Recordings, device profiles, the seismic reference, scoring")
struct RecordingTests {
    /// `milliseconds` after the recording's start.
    static func ms(_ milliseconds: Int64) -> MonotonicInstant { .zero + .milliseconds(milliseconds) }

    @Test("CSV: header, samples in µs, blank lines skipped, equal times kept in file order")
    func parse() throws {
        let recording = try Recording(csv: "t_s,ax_g,ay_g,az_g\n0.0,0,0,1\n\n0.01,1,1,1\r\n0.02,0.5,-0.5,1.5\n0.02,0,0,1\n")
        #expect(recording.samples.map(\.time) == [Self.ms(0), Self.ms(10), Self.ms(20), Self.ms(20)])
        #expect(recording.samples[2] == MotionSample(time: Self.ms(20), x: 0.5, y: -0.5, z: 1.5))
        #expect(recording.samples[3] == MotionSample(time: Self.ms(20), x: 0, y: 0, z: 1))
        #expect(recording.duration == .milliseconds(20))
    }

    @Test("CSV: a UTF-8 byte-order mark before the header is not part of it")
    func byteOrderMark() throws {
        let recording = try Recording(csv: "\u{FEFF}t_s,ax_g,ay_g,az_g\r\n0.5,0,0,1\r\n")
        #expect(recording.samples == [MotionSample(time: Self.ms(500), x: 0, y: 0, z: 1)])
        // As a file's bytes arrive.
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("t_s,ax_g,ay_g,az_g\n0,0,0,1\n".utf8)
        #expect(try Recording(csv: String(decoding: bytes, as: UTF8.self)).samples.count == 1)
    }

    @Test(
        "CSV errors name the line",
        arguments: [
            ("time,x,y,z\n0,0,0,1\n", "the header must be 't_s,ax_g,ay_g,az_g', not 'time,x,y,z'"),
            ("t_s,ax_g,ay_g,az_g\n0,0,0\n", "line 2: '0,0,0' is not four numbers (seconds and three axes in g)"),
            ("t_s,ax_g,ay_g,az_g\n0,0,0,1\n0.1,a,0,1\n", "line 3: '0.1,a,0,1' is not four numbers (seconds and three axes in g)"),
            ("t_s,ax_g,ay_g,az_g\n-1,0,0,1\n", "line 2: '-1,0,0,1' is not four numbers (seconds and three axes in g)"),
            // Blank lines count, as an editor numbers them.
            ("t_s,ax_g,ay_g,az_g\n0,0,0,1\n\n\n0.1,a,0,1\n", "line 5: '0.1,a,0,1' is not four numbers (seconds and three axes in g)"),
            ("t_s,ax_g,ay_g,az_g\n0.0,0,0,1\n0.02,0,0,1\n\n0.01,1,1,1\n",
             "line 5: 0.01 s is before the previous sample's 0.02 s; the samples must be in time order"),
            ("t_s,ax_g,ay_g,az_g\n", "there are no samples after the header"),
            ("\u{FEFF}t_s,ax_g,ay_g,az_g\n\n \n", "there are no samples after the header"),
            ("t_s,ax_g,ay_g,az_g", "there are no samples after the header"),
        ])
    func parseErrors(_ text: String, _ message: String) {
        do {
            _ = try Recording(csv: text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("a profile resamples at its rate, clips to its range, and quantizes to its step")
    func profiles() {
        let recording = Recording(samples: (0...100).map { i in
            MotionSample(time: Self.ms(Int64(i) * 10), x: Double(i) / 10, y: -Double(i) / 10, z: 1.0001)
        })
        let laptop = DeviceProfile.named("lis3lv02d")!.render(recording)
        #expect(laptop.samples.count == 21)
        #expect(laptop.samples[1].time == Self.ms(50))
        #expect(laptop.samples[1].x == 0.5)
        #expect(laptop.samples.map(\.x).max() == 2)
        #expect(laptop.samples.map(\.y).min() == -2)
        #expect(laptop.samples[0].z == 1.0)
        let raw = DeviceProfile.named("raw")!.render(recording)
        #expect(raw == recording)
        #expect(DeviceProfile.all.map(\.name) == ["raw", "lis3lv02d", "dualshock4", "joycon", "steamdeck"])
    }

    /// A synthetic shake: ±`amplitude` g at `hertz` on X for `seconds`, after a second at rest.
    static func shake(hertz: Double, amplitude: Double, seconds: Double, rate: Double = 100) -> Recording {
        let count = Int((1 + seconds + 1) * rate)
        return Recording(samples: (0..<count).map { i in
            let t = Double(i) / rate
            let moving = t >= 1 && t < 1 + seconds
            return MotionSample(
                time: MonotonicInstant(microseconds: UInt64(t * 1_000_000)), x: moving ? amplitude * sin(2 * .pi * hertz * (t - 1)) : 0, y: 0, z: 1)
        })
    }

    @Test("seismic hears a strong shake and not a body at rest")
    func seismic() {
        var detector = SeismicDetector()
        let events = detector.run(Self.shake(hertz: 5, amplitude: 4, seconds: 1.5))
        #expect(events.first?.phase == .began)
        #expect(events.first.map { $0.time > Self.ms(1000) && $0.time < Self.ms(2000) } == true)
        var still = SeismicDetector()
        #expect(still.run(Self.shake(hertz: 5, amplitude: 0.1, seconds: 1.5)).isEmpty)
    }
}
