import Motion
import Time

/// An accelerometer open, whatever its source: iio-sensor-proxy's way, one driver per source
/// behind one interface (``EvdevAccelerometer``, ``IIOAccelerometer``). ``MotionInput`` runs the
/// shake detector on what any of them reads, and asks nothing else of them.
protocol AccelerometerDriver: AnyObject {
    /// Its name, for the notices and `mediaremotectl devices`.
    var name: String { get }
    /// How the sensor sits in the device, to turn its axes into the device's.
    var mountMatrix: MountMatrix { get }
    /// A descriptor that is readable when samples wait (evdev's node); nil for a sensor that
    /// tells nobody and is read on the poll timer (IIO's sysfs files).
    var descriptor: Int32? { get }
    /// What it has at `now`: the samples since the last read (on its own clock where it has
    /// one), and, if it stopped answering, why (what it read before still counts).
    func read(at now: MonotonicInstant) -> AccelerometerReading
}

/// What a read of an accelerometer gave.
struct AccelerometerReading {
    var samples: [MotionSample]
    /// Why the sensor is lost; nil while it answers.
    var lostBecause: String?
}
