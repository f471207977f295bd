import Core
import Foundation
import Loop
import MediaRemoteAPI
import Motion
import Testing
import Time

@testable import Input

/// MotionInput reading an IIO accelerometer (a sysfs-shaped directory whose x axis a timer
/// moves like a hand shaking) on a real event loop.
@Suite("MotionInput: an IIO accelerometer polled while active, new parameters taken live")
@MainActor
struct MotionInputTests {
    /// An IIO device directory: 1000 raw units per g.
    final class ShakenSensor {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("iio-motion-\(UUID().uuidString)")
        var device: URL { root.appendingPathComponent("iio:device0") }
        /// The amplitude of the x axis' swing at 3 Hz (a gentle hand shake), in g; 0 holds it
        /// still.
        var amplitude = 0.0

        init() throws {
            try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
            try write("name", "accel_3d")
            try write("in_accel_scale", "0.00980665")
            try write("in_accel_y_raw", "0")
            try write("in_accel_z_raw", "1000")
            move(at: 0)
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func write(_ name: String, _ text: String) throws {
            // Atomically: a poll must never read half a number.
            try (text + "\n").write(to: device.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }

        func move(at seconds: Double) {
            try? write("in_accel_x_raw", String(Int((amplitude * sin(2 * .pi * 3 * seconds) * 1000).rounded())))
        }
    }

    /// Runs `loop` for `seconds` while a timer moves the sensor 200 times a second.
    func shake(_ sensor: ShakenSensor, on loop: EventLoop, for seconds: Double, amplitude: Double) throws {
        sensor.amplitude = amplitude
        let start = MonotonicClock.now
        let mover = try loop.schedule(after: .milliseconds(5), repeating: .milliseconds(5)) {
            sensor.move(at: MonotonicClock.now.duration(since: start) / .seconds(1))
        }
        _ = loop.run(until: { false }, timeout: .milliseconds(Int64(seconds * 1000)))
        mover.cancel()
    }

    @Test("a gentle shake under the sensitivity is nothing; after update with a lower one it begins and ends")
    func sensitivityTakesEffect() throws {
        let loop = try EventLoop()
        let sensor = try ShakenSensor()
        var options = MotionInput.Options()
        options.iioDirectory = sensor.root.path
        options.detector.swingStrength = 1.2
        let input = MotionInput(loop: loop, options: options)
        var phases: [MotionPhase] = []
        input.onEvent = { event in
            if let phase = event.phase { phases.append(phase) }
        }
        input.setActive(true)
        #expect(input.openSensors == [sensor.root.appendingPathComponent("iio:device0").path])

        // ±0.55 g swings change the acceleration by 1.1 g: under 1.2 g.
        try shake(sensor, on: loop, for: 1.5, amplitude: 0.55)
        try shake(sensor, on: loop, for: 1.5, amplitude: 0)
        #expect(phases == [])

        // At 0.5 g they begin a shake, and are strokes (1 g or more, moving the sensor 1.5 cm).
        options.detector.swingStrength = 0.5
        input.update(options)
        try shake(sensor, on: loop, for: 1.5, amplitude: 0.55)
        try shake(sensor, on: loop, for: 1.5, amplitude: 0)
        #expect(phases == [.began, .ended])

        input.setActive(false)
        #expect(input.openSensors == [])
    }
}
