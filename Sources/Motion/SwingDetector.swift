import Time

/// MediaRemote's shake detector. A shake is the hand driving the device back and forth: the
/// acceleration swings one way and straight back, several times, quickly and strongly, and then
/// the device comes to rest. The detector follows the acceleration as a path in 3-D and cuts it
/// into swings at its turning points (a zig-zag with hysteresis), so it needs no gravity
/// estimate, no axis and no mounting: a swing is the change of the whole vector between two
/// turning points, and gravity cancels out of every difference. Its timing comes only from the
/// samples' timestamps, so it runs the same from 10 Hz to 1 kHz and with uneven spacing; a
/// sensor that clips only flattens the ends of the swings.
///
/// - `began` after one back-and-forth: two consecutive strong swings in opposite directions,
///   each quicker than `longestSwing`.
/// - `ended` when the swinging stops and the device comes to rest, if the shake went on long
///   enough to count (`swingsToQualify` swings over `shortestShake`).
/// - `cancelled` when what began is not a shake: too short when it stops, going on past
///   `longestShake` (a continuous activity: running, sawing), or still moving strongly but no
///   longer swinging back and forth, or never coming to rest within `settleTime`. After an
///   activity is cancelled, nothing begins again until the motion has calmed for `restTime`.
public struct SwingDetector: ShakeDetector {
    public struct Parameters: Equatable, Sendable {
        /// The sensitivity: how much the acceleration must change over one swing, in g. A
        /// brisk hand shake swings 2–10 g; walking with the device in hand swings under 1 g.
        public var swingStrength = 1.2
        /// How directly a swing must come back: the cosine of the angle between consecutive
        /// swings is at most this (−1: exactly back).
        public var reversal = -0.8
        /// The slowest swing that is still shaking (half a period: 0.45 s is about 1.1 Hz;
        /// hands shake at 2–8 Hz).
        public var longestSwing = Duration.milliseconds(450)
        /// How far the acceleration must come back from an extreme before it counts as a
        /// turning point, in g: sensor noise and small wobbles are not swings.
        public var turnHysteresis = 0.3
        /// A shake that stops must have had at least this many back-and-forth swings…
        public var swingsToQualify = 3
        /// …over at least this long.
        public var shortestShake = Duration.milliseconds(300)
        /// The longest shake; past it the motion is an activity, not a gesture.
        public var longestShake = Duration.seconds(5)
        /// The swinging has stopped when no shake swing came for this long (or for 1.5 of the
        /// shake's own swings, when those are slower).
        public var pause = Duration.milliseconds(250)
        /// At rest: the acceleration stays within `stillRadius` g (or a tenth of the shake's
        /// swing, when larger) for `stillTime`.
        public var stillRadius = 0.3
        public var stillTime = Duration.milliseconds(150)
        /// After the swinging stops, the device must come to rest within this.
        public var settleTime = Duration.seconds(1)
        /// After a cancelled activity, the motion must stay calm this long before a shake can
        /// begin again.
        public var restTime = Duration.seconds(1)

        public init() {}
    }

    /// The parameters' times as seconds in Double: the detector weighs every sample (up to
    /// 1 kHz) against them and against its running means in floating point, so they are
    /// converted once, here, not at each comparison.
    private struct Seconds {
        let longestSwing, shortestShake, longestShake, pause, stillTime, settleTime, restTime: Double

        init(_ parameters: Parameters) {
            func seconds(_ duration: Duration) -> Double { duration / .seconds(1) }
            longestSwing = seconds(parameters.longestSwing)
            shortestShake = seconds(parameters.shortestShake)
            longestShake = seconds(parameters.longestShake)
            pause = seconds(parameters.pause)
            stillTime = seconds(parameters.stillTime)
            settleTime = seconds(parameters.settleTime)
            restTime = seconds(parameters.restTime)
        }
    }

    private struct Turn {
        var point: Vector3
        var time: Double
    }

    private struct Swing {
        var change: Vector3
        var strength: Double
        var duration: Double
    }

    private enum State {
        case idle
        case shaking
        /// A cancelled activity is still going on.
        case suppressed
    }

    public let parameters: Parameters
    private let seconds: Seconds
    private var state = State.idle
    private var lastTime: Double?
    // The zig-zag: the last turning point and the farthest point from it since.
    private var anchor: Turn?
    private var extreme = Turn(point: .zero, time: 0)
    private var previousSwing: Swing?
    // The shake in progress.
    private var began = 0.0
    private var firstSwingStart = 0.0
    private var lastShakeSwing = -Double.infinity
    private var shakeSwings = 0
    /// A running mean of the shake's swing strength and duration: the yardsticks for "strong"
    /// and "slow" while it lasts.
    private var level = 0.0
    private var swingDuration = 0.0
    private var strayedStrongly = false
    private var lastStrongSwing = -Double.infinity
    // Stillness: where the acceleration has stayed close to, since when.
    private var restPoint: Vector3?
    private var restSince = 0.0

    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
        seconds = Seconds(parameters)
    }

    public mutating func add(_ sample: MotionSample) -> [DetectorEvent] {
        // Seconds as a plain Double from here on, as the parameters' times (``Seconds``).
        let time = Double(sample.time.microseconds) / 1_000_000
        if let lastTime, time < lastTime { return [] }
        lastTime = time
        let point = Vector3(sample)
        followStillness(point, at: time)
        var events = checkProgress(at: time).map { DetectorEvent($0, at: sample.time) }
        if let phase = follow(point, at: time) { events.append(DetectorEvent(phase, at: sample.time)) }
        return events
    }

    private var strongSwing: Double { max(parameters.swingStrength, 0.5 * level) }

    private mutating func followStillness(_ point: Vector3, at time: Double) {
        let radius = max(parameters.stillRadius, 0.1 * level)
        if let restPoint, (point - restPoint).length <= radius { return }
        restPoint = point
        restSince = time
    }

    /// Ends, cancels or re-arms on the passing of time.
    private mutating func checkProgress(at time: Double) -> [DetectorEvent.Phase] {
        switch state {
        case .idle:
            return []
        case .suppressed:
            if time - lastStrongSwing > seconds.restTime { state = .idle }
            return []
        case .shaking:
            if time - began > seconds.longestShake {
                state = .suppressed
                return [.cancelled]
            }
            let quiet = time - lastShakeSwing
            guard quiet > max(seconds.pause, 1.5 * swingDuration) else { return [] }
            if time - restSince >= seconds.stillTime {
                let qualified = shakeSwings >= parameters.swingsToQualify
                    && lastShakeSwing - firstSwingStart >= seconds.shortestShake
                state = .idle
                return [qualified ? .ended : .cancelled]
            }
            if strayedStrongly || quiet > seconds.settleTime {
                state = .suppressed
                return [.cancelled]
            }
            return []
        }
    }

    /// Follows the zig-zag; at a turning point, judges the swing that just finished.
    private mutating func follow(_ point: Vector3, at time: Double) -> DetectorEvent.Phase? {
        guard let start = anchor else {
            anchor = Turn(point: point, time: time)
            extreme = Turn(point: point, time: time)
            return nil
        }
        let reach = extreme.point - start.point
        if (point - start.point).lengthSquared > reach.lengthSquared {
            extreme = Turn(point: point, time: time)
            return nil
        }
        let back = point - extreme.point
        guard back.length >= parameters.turnHysteresis, back.dot(reach) < 0 else { return nil }
        let swing = Swing(change: reach, strength: reach.length, duration: extreme.time - start.time)
        let phase = judge(swing, startingAt: start.time, endingAt: extreme.time, now: time)
        previousSwing = swing
        anchor = extreme
        extreme = Turn(point: point, time: time)
        return phase
    }

    private mutating func judge(_ swing: Swing, startingAt start: Double, endingAt end: Double, now: Double) -> DetectorEvent.Phase? {
        var backAndForth = false
        if let previous = previousSwing {
            let cosine = previous.change.dot(swing.change) / (previous.strength * swing.strength)
            backAndForth = cosine <= parameters.reversal
                && min(previous.strength, swing.strength) >= parameters.swingStrength
                && max(previous.duration, swing.duration) <= seconds.longestSwing
        }
        if swing.strength >= strongSwing {
            lastStrongSwing = end
            if !backAndForth, state == .shaking, now - lastShakeSwing > seconds.pause { strayedStrongly = true }
        }
        guard backAndForth, let previous = previousSwing else { return nil }
        switch state {
        case .shaking:
            lastShakeSwing = now
            shakeSwings += 1
            level += 0.3 * (swing.strength - level)
            swingDuration += 0.3 * (swing.duration - swingDuration)
            return nil
        case .idle:
            state = .shaking
            began = now
            firstSwingStart = start
            lastShakeSwing = now
            shakeSwings = 1
            level = min(previous.strength, swing.strength)
            swingDuration = max(previous.duration, swing.duration)
            strayedStrongly = false
            return .began
        case .suppressed:
            return nil
        }
    }
}
