import DBusTypes
import Foundation
import MediaRemoteAPI
import Testing
import TestSupport

/// Accelerometers as a person meets them: listed by `mediaremotectl devices` (an IIO one too),
/// open only while wanted, and for whom; `mediaremotectl motion watch` claims motion while it
/// runs and prints each shake's phases; a shake action set is a standing claim. The IIO sensor
/// is a sysfs-shaped folder the test moves, as the kernel's IIO files move.
@Suite("Accelerometers: listed, open for whom, motion watch", .serialized)
struct MotionWatchTests {
    final class FakeIIO {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("iio-watch-\(UUID().uuidString)")
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("input-watch-\(UUID().uuidString)")
        var device: URL { root.appendingPathComponent("iio:device0") }

        init() throws {
            try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
            try write("name", "accel_3d")
            try write("in_accel_scale", "0.00980665")
            for (axis, value) in [("x", 0), ("y", 0), ("z", 1000)] { try write("in_accel_\(axis)_raw", String(value)) }
        }

        deinit {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: input)
        }

        func write(_ name: String, _ text: String) throws {
            try (text + "\n").write(to: device.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }

        /// A 5 Hz hand shake of ±2 g along x for 1.2 s, then still, written 200 times a second.
        func shake() {
            let start = Date()
            while true {
                let t = Date().timeIntervalSince(start)
                guard t < 1.2 else { break }
                try? write("in_accel_x_raw", String(Int((2000 * sin(2 * .pi * 5 * t)).rounded())))
                usleep(5000)
            }
            try? write("in_accel_x_raw", "0")
        }

        var arguments: [String] { ["--iio-dir", root.path, "--input-dir", input.path] }
    }

    static func devices(_ fixture: ServiceFixture) throws -> [[String: Any]] {
        let text = try Subprocess.run(DaemonTests.ctl, ["devices", "--json"], environment: fixture.bus.environment).stdout
        return (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]) ?? []
    }

    @Test("an IIO accelerometer is listed closed; motion watch opens it for itself, prints a shake's phases, and closes it when it stops")
    func watch() throws {
        let sensor = try FakeIIO()
        let fixture = try ServiceFixture(arguments: sensor.arguments)
        let path = sensor.device.path
        let listed = try Subprocess.run(DaemonTests.ctl, ["devices"], environment: fixture.bus.environment).stdout
        #expect(listed.contains(path) && listed.contains("accelerometer") && listed.contains("not read") && listed.contains("open only while"),
                "\(listed)")
        let watch = try fixture.spawn(DaemonTests.ctl, ["motion", "watch", "--json"])
        var reading: String?
        fixture.wait { reading = (try? Self.devices(fixture))?.first { $0["path"] as? String == path }?["reading"] as? String; return reading != nil }
        #expect(reading == "open for motion")
        let reason = try Self.devices(fixture).first { $0["path"] as? String == path }?["reason"] as? String
        #expect(reason?.hasPrefix("for :1.") == true, "\(String(describing: reason))")
        sensor.shake()
        var phases: [String] = []
        while phases.count < 2, let line = watch.readLine(timeout: .seconds(5)) {
            let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(event?["source"] as? String == "accelerometer" && event?["type"] as? String == "motion", "\(line)")
            if let phase = event?["phase"] as? String { phases.append(phase) }
        }
        #expect(phases == ["began", "ended"])
        _ = watch.stop(signal: SIGINT)
        fixture.wait { (try? Self.devices(fixture))?.first { $0["path"] as? String == path }?["read"] as? Bool == false }
        #expect(try Self.devices(fixture).first { $0["path"] as? String == path }?["read"] as? Bool == false, "still open after watch stopped")
    }

    @Test("a shake action set is a standing claim: the sensor is open for it with no app's claim, and a shake goes through")
    func shakeAction() throws {
        let sensor = try FakeIIO()
        let fixture = try ServiceFixture(arguments: sensor.arguments + ["--shake-action", "nextTrack"])
        let device = try Self.devices(fixture).first { $0["path"] as? String == sensor.device.path }
        #expect(device?["reading"] as? String == "open for motion" && device?["reason"] as? String == "for the shake action (nextTrack)",
                "\(String(describing: device))")
        sensor.shake()
        #expect(fixture.wait(timeout: .seconds(5)) { fixture.dispatched.contains { $0.subtype == "shake" && $0.phase == "ended" } },
                "\(fixture.dispatched)")
    }
}
