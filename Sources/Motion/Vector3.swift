/// A 3-axis acceleration in g, for the arithmetic of the detector.
struct Vector3: Equatable {
    var x: Double
    var y: Double
    var z: Double

    static let zero = Vector3(x: 0, y: 0, z: 0)

    init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    init(_ sample: MotionSample) {
        self.init(x: sample.x, y: sample.y, z: sample.z)
    }

    static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }
    func dot(_ other: Vector3) -> Double { x * other.x + y * other.y + z * other.z }
    var lengthSquared: Double { dot(self) }
    var length: Double { lengthSquared.squareRoot() }
}
