import Motion
import Time

extension Recording {
    /// How long after `start` the device first moved `distance` g away from where it was
    /// then: when a labelled shake really starts (a label's onset may come while the hand is
    /// still getting ready). Nil when it never moves that far.
    public func motion(after start: MonotonicInstant, by distance: Double = 1) -> Duration? {
        guard let at = samples.first(where: { $0.time >= start }) else { return nil }
        func away(_ sample: MotionSample) -> Double {
            let (x, y, z) = (sample.x - at.x, sample.y - at.y, sample.z - at.z)
            return (x * x + y * y + z * z).squareRoot()
        }
        return samples.first { $0.time >= start && away($0) > distance }.map { $0.time - start }
    }
}
