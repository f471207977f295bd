import Motion
import Time

/// How a detector did on labelled recordings, by the rules of the evaluation (issue 6):
/// a labelled shake is caught when `began` lands between 0.25 s before its start and 1 s after
/// its end; latency is `began` − start, `ended` latency is the first `ended` after that − end;
/// in a recording with no shake every `ended` is a false shake and every `began` a false start,
/// counted per hour of such recordings. Where handling outside the labels is unlabelled, only
/// recall is scored.
public struct Score: Equatable, Sendable {
    public var shakes = 0
    public var caught = 0
    /// From each caught shake's start to its `began` (negative: before the label's start).
    public var beganLatencies: [Duration] = []
    /// From each caught shake's end to the `ended` that closed it.
    public var endedLatencies: [Duration] = []
    public var falseShakes = 0
    public var falseStarts = 0
    /// How long the recordings with no shake last, together.
    public var quietDuration = Duration.zero

    public init() {}

    public static let before = Duration.milliseconds(250)
    public static let after = Duration.seconds(1)

    /// Scores the events of one recording. `shakes` are its labelled (start, end);
    /// `unlabelledElsewhere`: handling outside them is not labelled (score recall only).
    public mutating func add(
        events: [DetectorEvent], shakes labelled: [(start: MonotonicInstant, end: MonotonicInstant)], duration: Duration,
        unlabelledElsewhere: Bool
    ) {
        if labelled.isEmpty {
            if !unlabelledElsewhere {
                quietDuration += duration
                falseShakes += events.filter { $0.phase == .ended }.count
                falseStarts += events.filter { $0.phase == .began }.count
            }
            return
        }
        for shake in labelled {
            shakes += 1
            // Not before the recording's start: an instant stops there.
            let earliest = shake.start - Score.before
            guard let began = events.first(where: { $0.phase == .began && $0.time >= earliest && $0.time <= shake.end + Score.after })
            else { continue }
            caught += 1
            beganLatencies.append(began.time - shake.start)
            if let ended = events.first(where: { $0.phase == .ended && $0.time >= began.time }) {
                endedLatencies.append(ended.time - shake.end)
            }
        }
    }

    public var recall: Double { shakes == 0 ? 0 : Double(caught) / Double(shakes) }
    public var falseShakesPerHour: Double { perHour(falseShakes) }
    public var falseStartsPerHour: Double { perHour(falseStarts) }

    private func perHour(_ count: Int) -> Double {
        quietDuration == .zero ? 0 : Double(count) * (.seconds(3600) / quietDuration)
    }

    /// The value below which `fraction` of the values lie (nearest rank), or nil with none.
    public static func percentile<Value: Comparable>(_ values: [Value], _ fraction: Double) -> Value? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
