import Motion

/// How a detector did on labelled recordings, by the rules of the evaluation (issue 6):
/// a labelled shake is caught when `began` lands between 0.25 s before its start and 1 s after
/// its end; latency is `began` − start, `ended` latency is the first `ended` after that − end;
/// in a recording with no shake every `ended` is a false shake and every `began` a false start,
/// counted per hour of such recordings. Where handling outside the labels is unlabelled, only
/// recall is scored.
public struct Score: Equatable, Sendable {
    public var shakes = 0
    public var caught = 0
    /// µs from each caught shake's start to its `began` (negative: before the label's start).
    public var beganLatencies: [Int64] = []
    /// µs from each caught shake's end to the `ended` that closed it.
    public var endedLatencies: [Int64] = []
    public var falseShakes = 0
    public var falseStarts = 0
    /// µs of recordings with no shake.
    public var quietDuration: UInt64 = 0

    public init() {}

    public static let before: UInt64 = 250_000
    public static let after: UInt64 = 1_000_000

    /// Scores the events of one recording. `shakes` are its labelled (start, end) in µs;
    /// `unlabelledElsewhere`: handling outside them is not labelled (score recall only).
    public mutating func add(events: [DetectorEvent], shakes labelled: [(start: UInt64, end: UInt64)], duration: UInt64,
                             unlabelledElsewhere: Bool) {
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
            let earliest = shake.start >= Score.before ? shake.start - Score.before : 0
            guard let began = events.first(where: { $0.phase == .began && $0.time >= earliest && $0.time <= shake.end + Score.after })
            else { continue }
            caught += 1
            beganLatencies.append(Int64(began.time) - Int64(shake.start))
            if let ended = events.first(where: { $0.phase == .ended && $0.time >= began.time }) {
                endedLatencies.append(Int64(ended.time) - Int64(shake.end))
            }
        }
    }

    public var recall: Double { shakes == 0 ? 0 : Double(caught) / Double(shakes) }
    public var falseShakesPerHour: Double { perHour(falseShakes) }
    public var falseStartsPerHour: Double { perHour(falseStarts) }

    private func perHour(_ count: Int) -> Double {
        quietDuration == 0 ? 0 : Double(count) * 3_600_000_000 / Double(quietDuration)
    }

    /// The value below which `fraction` of the values lie (nearest rank), or nil with none.
    public static func percentile(_ values: [Int64], _ fraction: Double) -> Int64? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
