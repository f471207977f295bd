import Motion
import SystemFiles
import Time

#if canImport(Glibc)
import Glibc
#endif

/// An IIO accelerometer (`/sys/bus/iio/devices/iio:deviceN` with `in_accel_{x,y,z}_raw`), read
/// by polling sysfs: each axis's raw value × its scale (`in_accel_scale` or
/// `in_accel_x_scale`, in m/s² per unit), turned into g; its `mount_matrix` read for the caller
/// to apply, as for evdev sensors. Sysfs tells nobody of a new value: it is read on
/// ``MotionInput``'s poll timer.
final class IIOAccelerometer: AccelerometerDriver {
    let directory: String
    let name: String
    private let scales: [Double]
    let mountMatrix: MountMatrix

    static let standardGravity = 9.80665

    /// Nil when the directory is not an accelerometer.
    init?(directory: String) {
        let axes = ["x", "y", "z"]
        guard axes.allSatisfy({ SmallFile.read("\(directory)/in_accel_\($0)_raw") != nil }) else { return nil }
        let shared = SmallFile.number("\(directory)/in_accel_scale")
        let scales = axes.map { SmallFile.number("\(directory)/in_accel_\($0)_scale") ?? shared }
        guard scales.allSatisfy({ $0 != nil }) else { return nil }
        self.directory = directory
        self.scales = scales.map { $0! }
        name = SmallFile.read("\(directory)/name")?.split(whereSeparator: \.isNewline).first.map(String.init) ?? "iio"
        let matrix = SmallFile.read("\(directory)/mount_matrix") ?? SmallFile.read("\(directory)/in_accel_mount_matrix")
        mountMatrix = matrix.flatMap { MountMatrix(parsing: $0) } ?? .identity
    }

    /// Every accelerometer under `root` (`/sys/bus/iio/devices`).
    static func all(under root: String) -> [IIOAccelerometer] {
        SmallFile.names(in: root).filter { $0.hasPrefix("iio:device") }
            .compactMap { IIOAccelerometer(directory: "\(root)/\($0)") }
            .sorted { $0.directory < $1.directory }
    }

    var descriptor: Int32? { nil }

    func read(at now: MonotonicInstant) -> AccelerometerReading {
        guard let sample = sample(at: now) else { return AccelerometerReading(samples: [], lostBecause: "it stopped answering") }
        return AccelerometerReading(samples: [sample])
    }

    /// The current reading, or nil when the device stopped answering.
    func sample(at time: MonotonicInstant) -> MotionSample? {
        var values: [Double] = []
        for (axis, scale) in zip(["x", "y", "z"], scales) {
            guard let raw = SmallFile.number("\(directory)/in_accel_\(axis)_raw") else { return nil }
            values.append(raw * scale / IIOAccelerometer.standardGravity)
        }
        return MotionSample(time: time, x: values[0], y: values[1], z: values[2])
    }
}
