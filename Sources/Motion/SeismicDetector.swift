/// A re-implementation of Square's seismic `ShakeDetector` (the usual Android choice), the
/// reference the evaluation scores ours against. A sample "accelerates" when its magnitude,
/// gravity included, exceeds the threshold (13 m/s² by default); a shake is heard when at least
/// three quarters of the samples of the last 0.5 s accelerate and they span at least 0.25 s
/// (4 samples at least); then the window is cleared. Seismic only hears a shake: each one is
/// reported here as `began` and `ended` at once.
public struct SeismicDetector: ShakeDetector {
    public static let standardGravity = 9.80665
    static let maxWindow: UInt64 = 500_000
    static let minWindow: UInt64 = 250_000
    static let minQueueSize = 4

    public let threshold: Double
    private var window: [(time: UInt64, accelerating: Bool)] = []

    /// `threshold` in m/s², as seismic's sensitivity (light 11, medium 13, hard 15).
    public init(threshold: Double = 13) {
        self.threshold = threshold
    }

    public mutating func add(_ sample: MotionSample) -> [DetectorEvent] {
        let magnitude = sample.magnitude * SeismicDetector.standardGravity
        let cutoff = sample.time >= SeismicDetector.maxWindow ? sample.time - SeismicDetector.maxWindow : 0
        while window.count >= SeismicDetector.minQueueSize, let oldest = window.first, oldest.time < cutoff {
            window.removeFirst()
        }
        window.append((sample.time, magnitude * magnitude > threshold * threshold))
        guard let first = window.first, let last = window.last, last.time - first.time >= SeismicDetector.minWindow else { return [] }
        let accelerating = window.filter(\.accelerating).count
        guard accelerating >= (window.count >> 1) + (window.count >> 2) else { return [] }
        window.removeAll()
        return [DetectorEvent(.began, at: sample.time), DetectorEvent(.ended, at: sample.time)]
    }
}
