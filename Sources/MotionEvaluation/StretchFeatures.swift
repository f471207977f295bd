import Motion
import Time

/// What a half-second stretch of movement looks like to any detector of swings, energy or
/// zero crossings: the RMS of the acceleration's change, the largest axis' peak-to-peak, and how
/// often that axis crosses its mean. `motion-eval` compares shakes with everyday movement by them.
public struct StretchFeatures: Equatable, Sendable {
    public static let length = Duration.milliseconds(500)

    /// Of the acceleration about its mean, over all three axes, in g.
    public var rms: Double
    /// Of the axis that moved most, in g.
    public var peakToPeak: Double
    /// How often that axis crossed its mean, per second.
    public var crossingsPerSecond: Double

    public init(rms: Double, peakToPeak: Double, crossingsPerSecond: Double) {
        self.rms = rms
        self.peakToPeak = peakToPeak
        self.crossingsPerSecond = crossingsPerSecond
    }

    /// The stretch of `samples` from `start` for ``length``; nil when it holds fewer than 3 samples.
    public init?(_ samples: [MotionSample], from start: MonotonicInstant) {
        let end = start + Self.length
        let stretch = samples.filter { $0.time >= start && $0.time < end }
        guard stretch.count >= 3 else { return nil }
        let axes: [[Double]] = [stretch.map(\.x), stretch.map(\.y), stretch.map(\.z)]
        let means = axes.map { $0.reduce(0, +) / Double($0.count) }
        var squares = 0.0
        for (axis, mean) in zip(axes, means) { squares += axis.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } }
        let ranges = axes.map { ($0.max() ?? 0) - ($0.min() ?? 0) }
        let widest = ranges.indices.max { ranges[$0] < ranges[$1] } ?? 0
        let centred = axes[widest].map { $0 - means[widest] }
        let crossings = zip(centred, centred.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        self.init(
            rms: (squares / Double(stretch.count)).squareRoot(), peakToPeak: ranges[widest],
            crossingsPerSecond: Double(crossings) / (Self.length / .seconds(1)))
    }

    /// At least as large as `other` in all three: what a detector that begins on `other` and
    /// rises with each of them begins on too.
    public func atLeast(_ other: StretchFeatures) -> Bool {
        rms >= other.rms && peakToPeak >= other.peakToPeak && crossingsPerSecond >= other.crossingsPerSecond
    }

    /// Every stretch of a recording, `step` apart.
    public static func all(in recording: Recording, step: Duration = .microseconds(62_500)) -> [StretchFeatures] {
        guard let first = recording.samples.first?.time, let last = recording.samples.last?.time, last > first + length else {
            return []
        }
        return sequence(first: first) { $0 + step }.prefix { $0 <= last - length }.compactMap {
            StretchFeatures(recording.samples, from: $0)
        }
    }
}
