import Motion
import Time

/// An evdev accelerometer (INPUT_PROP_ACCELEROMETER, or X/Y/Z axes and no keys): its node read
/// when the loop says it is readable, its ABS frames made samples (``AccelerometerFrames``), and
/// its mount matrix from udev's ACCEL_MOUNT_MATRIX.
final class EvdevAccelerometer: AccelerometerDriver {
    let name: String
    let mountMatrix: MountMatrix
    private let device: EvdevDevice
    private var frames: AccelerometerFrames

    /// Opens the node at `path`; its udev properties are looked up in `udevDatabase`.
    init(path: String, udevDatabase: String) throws(DeviceError) {
        device = try EvdevDevice(path: path)
        name = device.name
        mountMatrix = device.deviceNumber
            .flatMap { UdevProperties.read(major: $0.major, minor: $0.minor, database: udevDatabase)["ACCEL_MOUNT_MATRIX"] }
            .flatMap { MountMatrix(parsing: $0) } ?? .identity
        frames = AccelerometerFrames(axes: device.currentAxes, gPerUnit: device.gPerUnit)
    }

    var descriptor: Int32? { device.fd }

    func read(at now: MonotonicInstant) -> AccelerometerReading {
        var reading = AccelerometerReading(samples: [])
        do {
            try device.readEvents { type, code, value, time in
                if let sample = frames.add(type: type, code: code, value: value, time: time) { reading.samples.append(sample) }
            }
        } catch {
            reading.lostBecause = error.description
        }
        return reading
    }
}
