import Time

/// One swing of the acceleration: its change between two turning points of the zig-zag, when it
/// reached the second, and how long it took. Gravity cancels out of the change, so a swing needs
/// no mounting.
struct Swing {
    var change: Vector3
    /// How long it took, in seconds: a Double, as the detector's arithmetic takes it (``reach``
    /// squares it; the detector averages it and weighs it against the sensor's rate).
    var duration: Double
    /// When it reached its turning point.
    var end: MonotonicInstant

    var strength: Double { change.length }
    /// When it started, in seconds (``MonotonicInstant/seconds``): its end less its duration,
    /// only ever subtracted from another time in the detector's arithmetic.
    var start: Double { end.seconds - duration }

    /// The cosine of the angle between the two swings' directions: −1 straight back, 0 across.
    func cosine(with other: Swing) -> Double {
        change.dot(other.change) / (strength * other.strength)
    }

    /// How far the swing moved the device, in metres, as the amplitude of its displacement:
    /// an acceleration swinging by `L` (an amplitude of L/2) over half a period `d` moves it by
    /// ±L·d²/(2π²) (L·d²/π² end to end). A hand's stroke moves it centimetres; the jolt of a
    /// footstep or of sitting down swings as strongly for a few tens of milliseconds, and moves
    /// it millimetres.
    var reach: Double {
        strength * Swing.standardGravity * duration * duration / (2 * Double.pi * Double.pi)
    }

    static let standardGravity = 9.80665
}

extension Swing {
    /// The swing from a turning point at `start` to the next at `end`.
    init(change: Vector3, from start: MonotonicInstant, to end: MonotonicInstant) {
        self.init(change: change, duration: end.seconds - start.seconds, end: end)
    }
}
