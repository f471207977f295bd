import Motion
import Time

/// How a detector did on labelled recordings, by the rules decided for it (issue 18): what a
/// person must get (a hand shake recognised, soon), what they must never get (a shake fired by
/// ordinary movement), and what is only reported (wrist shaking, false starts, which fire
/// nothing on their own).
///
/// - A hand shake (`SHAKE`) is recognised by an `ended` within ``recognitionWindow`` of its
///   end (and not before its start); its `began` latency is from its start to the first `began`
///   between ``earlyBegan`` before its start and the end of that window.
/// - A shaking window (`SHAKE_LIKE`, shaking throughout) is reached by any `began` or `ended`.
/// - In a recording with no shake, every `ended` is a false shake and every `began` a false
///   start, counted per hour of such recordings; a false start should be cancelled within
///   ``quickCancel`` of its `began`.
public struct Score: Equatable, Sendable {
    public var handShakes = 0
    public var recognised = 0
    /// From each hand shake's start to its `began` (negative: before the label's start).
    public var beganLatencies: [Duration] = []
    public var shakingWindows = 0
    public var windowsReached = 0
    public var falseShakes = 0
    public var falseStarts = 0
    /// False starts cancelled within ``quickCancel`` of their `began`.
    public var falseStartsCancelledQuickly = 0
    /// How long the recordings with no shake last, together.
    public var quietDuration = Duration.zero

    public init() {}

    public static let recognitionWindow = Duration.seconds(2)
    public static let earlyBegan = Duration.milliseconds(250)
    public static let quickCancel = Duration.seconds(1)

    /// What a recording holds, for scoring it.
    public enum Content: Sendable {
        /// Labelled hand shakes, (start, end). Handling outside them may be unlabelled, so
        /// nothing else in the recording is scored.
        case handShakes([(start: MonotonicInstant, end: MonotonicInstant)])
        /// Shaking throughout.
        case shakingWindow
        /// No shake at all, lasting `duration`.
        case noShake(duration: Duration)
    }

    /// Scores the events of one recording.
    public mutating func add(events: [DetectorEvent], in content: Content) {
        switch content {
        case .handShakes(let shakes):
            for shake in shakes { add(events, shake: shake) }
        case .shakingWindow:
            shakingWindows += 1
            if events.contains(where: { $0.phase == .began || $0.phase == .ended }) { windowsReached += 1 }
        case .noShake(let duration):
            quietDuration += duration
            falseShakes += events.filter { $0.phase == .ended }.count
            for (index, event) in events.enumerated() where event.phase == .began {
                falseStarts += 1
                let next = events[(index + 1)...].first
                if let next, next.phase == .cancelled, next.time - event.time <= Score.quickCancel { falseStartsCancelledQuickly += 1 }
            }
        }
    }

    private mutating func add(_ events: [DetectorEvent], shake: (start: MonotonicInstant, end: MonotonicInstant)) {
        handShakes += 1
        let windowEnd = shake.end + Score.recognitionWindow
        // Not before the recording's start: an instant stops there.
        let earliest = shake.start - Score.earlyBegan
        if let began = events.first(where: { $0.phase == .began && $0.time >= earliest && $0.time <= windowEnd }) {
            beganLatencies.append(began.time - shake.start)
        }
        let earliestEnd = max(shake.start, shake.end - Score.recognitionWindow)
        if events.contains(where: { $0.phase == .ended && $0.time >= earliestEnd && $0.time <= windowEnd }) { recognised += 1 }
    }

    /// How the events did on one hand shake alone.
    public static func of(_ events: [DetectorEvent], shake: (start: MonotonicInstant, end: MonotonicInstant)) -> Score {
        var score = Score()
        score.add(events, shake: shake)
        return score
    }

    public var recognisedFraction: Double { handShakes == 0 ? 0 : Double(recognised) / Double(handShakes) }
    public var windowsReachedFraction: Double { shakingWindows == 0 ? 0 : Double(windowsReached) / Double(shakingWindows) }
    public var falseShakesPerHour: Double { perHour(falseShakes) }
    public var falseStartsPerHour: Double { perHour(falseStarts) }
    /// The share of false starts cancelled within ``quickCancel`` (1 with none).
    public var quickCancelFraction: Double { falseStarts == 0 ? 1 : Double(falseStartsCancelledQuickly) / Double(falseStarts) }

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
