import SystemFiles


/// How a sensor sits in its device: the matrix that turns the sensor's axes into the device's,
/// as udev's `ACCEL_MOUNT_MATRIX` and IIO's `mount_matrix` give it ("x1, y1, z1; x2, y2, z2;
/// x3, y3, z3", rows). The detector needs no particular orientation; the matrix makes the
/// samples MediaRemote reports (and records) mean the same on every device.
public struct MountMatrix: Equatable, Sendable {
    public let rows: [[Double]]

    public static let identity = MountMatrix(rows: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    init(rows: [[Double]]) { self.rows = rows }

    /// Parses the udev/IIO text; nil when it is not three rows of three finite numbers.
    public init?(parsing text: String) {
        let rows = text.split(separator: ";").map { row in
            row.split(separator: ",").map { Double($0.trimmingWhitespace()) }
        }
        guard rows.count == 3, rows.allSatisfy({ $0.count == 3 && $0.allSatisfy { $0?.isFinite == true } }) else { return nil }
        self.rows = rows.map { $0.map { $0! } }
    }

    public func apply(_ sample: MotionSample) -> MotionSample {
        let v = [sample.x, sample.y, sample.z]
        func row(_ r: [Double]) -> Double { r[0] * v[0] + r[1] * v[1] + r[2] * v[2] }
        return MotionSample(time: sample.time, x: row(rows[0]), y: row(rows[1]), z: row(rows[2]))
    }
}
