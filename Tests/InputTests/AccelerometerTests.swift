import CEvdev
import Foundation
import Motion
import Testing
import Time

@testable import Input

@Suite("Accelerometers: evdev frames, IIO sysfs, mount matrices")
struct AccelerometerTests {
    static func instant(_ microseconds: UInt64) -> MonotonicInstant { MonotonicInstant(microseconds: microseconds) }

    @Test("evdev frames: axes kept across frames, units per g, one sample per SYN_REPORT at the event time")
    func frames() {
        var frames = AccelerometerFrames(axes: [0, 0, 1000], gPerUnit: [0.001, 0.001, 0.001])
        #expect(frames.add(type: UInt16(EV_ABS), code: UInt16(ABS_X), value: 500, time: Self.instant(10)) == nil)
        let first = frames.add(type: UInt16(EV_SYN), code: UInt16(SYN_REPORT), value: 0, time: Self.instant(10))
        #expect(first == MotionSample(time: Self.instant(10), x: 0.5, y: 0, z: 1))
        _ = frames.add(type: UInt16(EV_ABS), code: UInt16(ABS_Y), value: -2000, time: Self.instant(20))
        let second = frames.add(type: UInt16(EV_SYN), code: UInt16(SYN_REPORT), value: 0, time: Self.instant(20))
        #expect(second == MotionSample(time: Self.instant(20), x: 0.5, y: -2, z: 1))
    }

    @Test("MSC_TIMESTAMP: the device's own µs, placed by the first frame, across the 32-bit wrap")
    func deviceTime() {
        var frames = AccelerometerFrames(axes: [0, 0, 0], gPerUnit: [1, 1, 1])
        func frame(_ device: UInt32, eventTime: UInt64) -> UInt64? {
            _ = frames.add(type: UInt16(EV_MSC), code: UInt16(MSC_TIMESTAMP), value: Int32(bitPattern: device), time: Self.instant(eventTime))
            return frames.add(type: UInt16(EV_SYN), code: UInt16(SYN_REPORT), value: 0, time: Self.instant(eventTime))?.time.microseconds
        }
        let start = UInt32.max - 5000
        #expect(frame(start, eventTime: 1_000_000_000) == 1_000_000_000)
        // Delivered late, in a burst: the device's spacing is kept.
        #expect(frame(start + 4000, eventTime: 1_000_009_000) == 1_000_004_000)
        #expect(frame(3000, eventTime: 1_000_009_100) == 1_000_000_000 + 5000 + 1 + 3000)
        // A frame without one falls back to the event time.
        #expect(frames.add(type: UInt16(EV_SYN), code: UInt16(SYN_REPORT), value: 0, time: Self.instant(7))?.time == Self.instant(7))
    }

    @Test("mount matrices parse as udev and IIO write them, and rotate samples; bad text is refused")
    func mountMatrix() throws {
        let matrix = try #require(MountMatrix(parsing: "0, 1, 0; -1, 0, 0; 0, 0, 1"))
        #expect(matrix.apply(MotionSample(time: Self.instant(1), x: 1, y: 2, z: 3)) == MotionSample(time: Self.instant(1), x: 2, y: -1, z: 3))
        #expect(MountMatrix(parsing: "1, 0, 0; 0, 1, 0") == nil)
        #expect(MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, x") == nil)
        #expect(MountMatrix(parsing: "1,0,0;0,1,0;0,0,1") == .identity)
    }

    @Test("IIO: raw × scale in m/s² becomes g, the mount matrix read; a directory without accel axes is skipped")
    func iio() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("iio-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let device = root.appendingPathComponent("iio:device0")
        try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("iio:device1"), withIntermediateDirectories: true)
        func write(_ name: String, _ text: String) throws {
            try text.write(to: device.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try write("name", "accel_3d\n")
        try write("in_accel_scale", "0.009806650\n")
        try write("in_accel_x_raw", "1000\n")
        try write("in_accel_y_raw", "-500\n")
        try write("in_accel_z_raw", "0\n")
        try write("mount_matrix", "0, 1, 0; 1, 0, 0; 0, 0, 1\n")
        let found = IIOAccelerometer.all(under: root.path)
        #expect(found.map(\.name) == ["accel_3d"])
        let sample = try #require(found.first?.sample(at: Self.instant(42)))
        #expect(abs(sample.x - 1) < 1e-9 && abs(sample.y - -0.5) < 1e-9 && sample.z == 0 && sample.time == Self.instant(42))
        #expect(found.first?.mountMatrix == MountMatrix(parsing: "0, 1, 0; 1, 0, 0; 0, 0, 1"))
        try FileManager.default.removeItem(at: device.appendingPathComponent("in_accel_x_raw"))
        #expect(found.first?.sample(at: Self.instant(43)) == nil)
    }

    @Test("udev's database: E: lines are properties")
    func udev() throws {
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("udev-\(getpid())")
        try FileManager.default.createDirectory(at: database, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: database) }
        try "S:input/by-path/x\nE:ID_INPUT_ACCELEROMETER=1\nE:ACCEL_MOUNT_MATRIX=0, 1, 0; 1, 0, 0; 0, 0, 1\nG:seat\n"
            .write(to: database.appendingPathComponent("c13:70"), atomically: true, encoding: .utf8)
        let properties = UdevProperties.read(major: 13, minor: 70, database: database.path)
        #expect(properties == ["ID_INPUT_ACCELEROMETER": "1", "ACCEL_MOUNT_MATRIX": "0, 1, 0; 1, 0, 0; 0, 0, 1"])
        #expect(UdevProperties.read(major: 13, minor: 71, database: database.path).isEmpty)
    }
}
