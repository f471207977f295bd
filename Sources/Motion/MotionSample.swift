/// One accelerometer reading: when (µs, CLOCK_MONOTONIC or from the recording's start) and
/// the acceleration along three axes in g, gravity included.
public struct MotionSample: Equatable, Sendable {
    public var time: UInt64
    public var x: Double
    public var y: Double
    public var z: Double

    public init(time: UInt64, x: Double, y: Double, z: Double) {
        self.time = time
        self.x = x
        self.y = y
        self.z = z
    }

    /// The length of the acceleration vector, in g.
    public var magnitude: Double { (x * x + y * y + z * z).squareRoot() }
}
