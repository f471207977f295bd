import Time

/// One accelerometer reading: when (on CLOCK_MONOTONIC, or from a recording's start as if the
/// clock started with it) and the acceleration along three axes in g, gravity included.
public struct MotionSample: Equatable, Sendable {
    public var time: MonotonicInstant
    public var x: Double
    public var y: Double
    public var z: Double

    public init(time: MonotonicInstant, x: Double, y: Double, z: Double) {
        self.time = time
        self.x = x
        self.y = y
        self.z = z
    }

    /// The length of the acceleration vector, in g.
    public var magnitude: Double { (x * x + y * y + z * z).squareRoot() }
}
