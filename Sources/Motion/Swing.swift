/// One swing of the acceleration: its change between two turning points of the zig-zag, and
/// how long it took. Gravity cancels out of the change, so a swing needs no mounting.
struct Swing {
    var change: Vector3
    var duration: Double
    /// When it reached its turning point, in seconds.
    var end: Double

    var strength: Double { change.length }
    var start: Double { end - duration }

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
