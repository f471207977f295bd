import Time

/// MediaRemote's shake detector. A shake is the hand driving the device back and forth: the
/// acceleration swings one way and straight back, stroke after stroke, strongly and far enough
/// to move the device centimetres, and then the device comes to rest. The detector follows the
/// acceleration as a path in 3-D and cuts it into swings at its turning points (a zig-zag with
/// hysteresis), so it needs no gravity estimate, no axis and no mounting: a swing is the change
/// of the whole vector between two turning points, and gravity cancels out of every
/// difference. Its timing comes only from the samples' timestamps, so it runs the same from
/// 10 Hz to 1 kHz and with uneven spacing; a sensor that clips only flattens the ends of the
/// swings.
///
/// - `began` after one back-and-forth: two consecutive swings of the sensitivity in opposite
///   directions, each quicker than `longestSwing`. A wobble weaker than the sensitivity inside
///   a stroke does not keep the swings on either side of it from pairing.
/// - `ended` when the strokes stop and the device comes to rest, if the shake was one
///   (`backAndForthsToQualify` back-and-forths over `shortestShake`, and `strokesToQualify`
///   strokes in a row).
/// - `cancelled` when what began is not a shake: its swinging pauses before a single stroke
///   (walking), or swings on for `settleTime` without one (a shake may open gently); too
///   little after resting `joltGap` (a slow, jolting shake rests between its jolts); going on
///   past `longestShake` (a continuous activity: running, sawing); or never coming to rest
///   within `settleTime` of its last stroke. After an activity is cancelled, nothing begins
///   again until the motion has calmed for `restTime`.
public struct SwingDetector: ShakeDetector {
    /// The parameters' times as seconds in Double: the detector weighs every sample (up to
    /// 1 kHz) against them and against its running means in floating point, so they are
    /// converted once, here, not at each comparison.
    private struct Seconds {
        let longestSwing, shortestShake, longestShake, pause, stillTime, settleTime, restTime, joltGap: Double

        init(_ parameters: Parameters) {
            func seconds(_ duration: Duration) -> Double { duration / .seconds(1) }
            longestSwing = seconds(parameters.longestSwing)
            shortestShake = seconds(parameters.shortestShake)
            longestShake = seconds(parameters.longestShake)
            pause = seconds(parameters.pause)
            stillTime = seconds(parameters.stillTime)
            settleTime = seconds(parameters.settleTime)
            restTime = seconds(parameters.restTime)
            joltGap = seconds(parameters.joltGap)
        }
    }

    private struct Turn {
        var point: Vector3
        var time: Double
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
    /// When ``timeout(at:)`` last looked at the time.
    private var lastLook = -Double.infinity
    /// A running mean of the time between samples.
    private var sampleInterval = 0.0
    // The zig-zag: the last turning point and the farthest point from it since.
    private var anchor: Turn?
    private var extreme = Turn(point: .zero, time: 0)
    /// The last swing of at least the sensitivity, which the next one may reverse.
    private var previousSwing: Swing?
    // The shake in progress.
    private var began = 0.0
    private var firstSwingStart = 0.0
    /// When the shake last went on: its start, then each stroke.
    private var lastStroke = -Double.infinity
    private var backAndForths = 0
    private var lastBackAndForth = 0.0
    private var strokes = StrokeRun()
    /// A running mean of the shake's swing strength and duration: the yardsticks for "strong"
    /// and "slow" while it lasts.
    private var level = 0.0
    private var swingDuration = 0.0
    private var lastStrongSwing = -Double.infinity
    // Stillness: where the acceleration has stayed close to, since when.
    private var restPoint: Vector3?
    private var restSince = 0.0
    private var atRest: Bool { lastTime.map(isAtRest) ?? false }
    /// Still at `time`: held within the still radius for `stillTime` by then. A sensor that
    /// sends nothing holds its last value (evdev reports only changes).
    private func isAtRest(at time: Double) -> Bool { time - restSince >= seconds.stillTime }
    /// Whether the device has been at rest since the shake's last stroke.
    private var restedSinceStroke = false
    /// When the swing in progress came to rest, if it did.
    private var restedAt: Double?
    /// The last time the acceleration was within the hysteresis of the extreme: when it left
    /// a turning point it rested at.
    private var nearExtreme = 0.0
    private var previousSample = Turn(point: .zero, time: 0)

    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
        seconds = Seconds(parameters)
    }

    public mutating func add(_ sample: MotionSample) -> [DetectorEvent] {
        // Seconds as a plain Double from here on, as the parameters' times (``Seconds``).
        let time = Double(sample.time.microseconds) / 1_000_000
        if let lastTime {
            if time < lastTime { return [] }
            // A gap in the stream (a sensor reopened) says nothing of its rate.
            sampleInterval += 0.1 * (min(time - lastTime, seconds.longestSwing) - sampleInterval)
        }
        lastTime = time
        let point = Vector3(sample)
        followStillness(point, at: time)
        var events = checkProgress(at: time).map { DetectorEvent($0, at: sample.time) }
        if let phase = follow(point, at: time) { events.append(DetectorEvent(phase, at: sample.time)) }
        previousSample = Turn(point: point, time: time)
        return events
    }

    /// How often the detector looks at the time while a shake is under way (or an activity
    /// calms) and no sample comes: a sensor set down may send nothing at all.
    public static let tick = Duration.milliseconds(50)

    /// When the detector needs to look at the time if no sample comes first
    /// (``timeout(at:)``): a tick after the last sample while a shake is under way or an
    /// activity calms; nil while idle, when only a sample can change anything.
    public var deadline: MonotonicInstant? {
        guard state != .idle, let lastTime else { return nil }
        return MonotonicInstant(microseconds: UInt64((max(lastTime, lastLook) * 1_000_000).rounded())) + Self.tick
    }

    /// The passing of time with no new sample: the device held its last value since, so a
    /// shake whose strokes stopped ends (or is cancelled) once the device has been still long
    /// enough, as it would have with samples.
    public mutating func timeout(at instant: MonotonicInstant) -> [DetectorEvent] {
        let time = Double(instant.microseconds) / 1_000_000
        guard let lastTime, time > lastTime else { return [] }
        lastLook = max(lastLook, time)
        return checkProgress(at: time).map { DetectorEvent($0, at: instant) }
    }

    private var longestSwing: Double { seconds.longestSwing + sampleInterval }
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
            if time - lastStrongSwing > seconds.restTime {
                state = .idle
                level = 0
            }
            return []
        case .shaking:
            if time - began > seconds.longestShake {
                state = .suppressed
                return [.cancelled]
            }
            let quiet = time - lastStroke
            guard quiet > max(seconds.pause, 1.5 * swingDuration) else { return [] }
            if isAtRest(at: time) {
                restedSinceStroke = true
                let qualified = backAndForths >= parameters.backAndForthsToQualify
                    && lastStroke - firstSwingStart >= seconds.shortestShake
                    && strokes.longest >= parameters.strokesToQualify
                // A slow, jolting shake rests between its jolts: wait for the next one.
                if !qualified, strokes.longest > 0, quiet <= seconds.joltGap { return [] }
                state = .idle
                level = 0
                return [qualified ? .ended : .cancelled]
            }
            // Swinging that pauses without having made a single stroke (walking, a device in a
            // pocket) is no shake; swinging on without one is waited for up to `settleTime`,
            // since a shake may open gently. Still moving long after the last stroke is an
            // activity.
            let swingingPaused = time - lastBackAndForth > max(seconds.pause, 1.5 * swingDuration)
            if (strokes.longest == 0 && swingingPaused) || quiet > seconds.settleTime {
                state = .suppressed
                return [.cancelled]
            }
            return []
        }
    }

    /// Follows the zig-zag; at a turning point, judges the swing that just finished.
    private mutating func follow(_ point: Vector3, at time: Double) -> DetectorEvent.Phase? {
        guard var start = anchor else {
            anchor = Turn(point: point, time: time)
            extreme = Turn(point: point, time: time)
            return nil
        }
        // Until the acceleration leaves the turning point, the next swing has not started: a
        // swing out of rest lasts from when the device moved, not from when it stopped.
        if (extreme.point - start.point).length < parameters.turnHysteresis {
            start.time = time
            anchor = start
        }
        let reach = extreme.point - start.point
        // A swing that comes to rest and then goes on the same way is two swings, not one
        // across the pause: a slow, jolting shake stops dead after each jolt. (Turning back
        // after a rest is an ordinary turning point.)
        if atRest, restedAt == nil, reach.length >= parameters.turnHysteresis {
            restedAt = max(min(extreme.time, restSince), start.time)
        }
        if (point - start.point).lengthSquared > reach.lengthSquared {
            guard let end = restedAt else {
                extreme = Turn(point: point, time: time)
                nearExtreme = time
                return nil
            }
            // Still resting, only wandering within the rest.
            guard (point - extreme.point).length >= parameters.turnHysteresis else {
                nearExtreme = time
                return nil
            }
            restedAt = nil
            let phase = judge(Swing(change: reach, duration: end - start.time, end: end), now: time)
            // The next swing starts where the device last rested, as it left.
            anchor = previousSample
            extreme = Turn(point: point, time: time)
            nearExtreme = time
            return phase
        }
        let back = point - extreme.point
        if back.length < parameters.turnHysteresis { nearExtreme = time }
        guard back.length >= parameters.turnHysteresis, back.dot(reach) < 0 else { return nil }
        let rested = restedAt != nil
        restedAt = nil
        let phase = judge(Swing(change: reach, duration: extreme.time - start.time, end: extreme.time), now: time)
        // A swing that rested at its extreme and turns back starts when the device left the
        // rest, not when it arrived.
        anchor = rested ? Turn(point: extreme.point, time: max(extreme.time, nearExtreme)) : extreme
        extreme = Turn(point: point, time: time)
        nearExtreme = time
        return phase
    }

    private mutating func judge(_ swing: Swing, now: Double) -> DetectorEvent.Phase? {
        if let previous = previousSwing, swing.start - previous.end > longestSwing { previousSwing = nil }
        let previous = previousSwing
        if swing.strength >= parameters.swingStrength { previousSwing = swing }
        if swing.strength >= strongSwing { lastStrongSwing = swing.end }
        // Only a stroke keeps a shake going: a shake whose strokes stopped while weaker
        // swinging goes on (walking on after a jolt) is over. Strokes are in a row when no more
        // than a swing apart (without the slow sensor's slack: adding it let a phone in a
        // pocket, sampled at 20 Hz, string its steps into a run).
        if state == .shaking, parameters.isStroke(swing) {
            strokes.add(swing, longestGap: restedSinceStroke ? seconds.joltGap : seconds.longestSwing, crossways: parameters.crossways)
            lastStroke = now
            restedSinceStroke = false
        }
        guard let previous, swing.strength >= parameters.swingStrength,
              swing.cosine(with: previous) <= parameters.reversal,
              max(previous.duration, swing.duration) <= longestSwing
        else { return nil }
        switch state {
        case .shaking:
            backAndForths += 1
            lastBackAndForth = now
            level += 0.3 * (swing.strength - level)
            swingDuration += 0.3 * (swing.duration - swingDuration)
            return nil
        case .idle:
            state = .shaking
            began = now
            firstSwingStart = previous.start
            lastStroke = now
            lastBackAndForth = now
            backAndForths = 1
            restedSinceStroke = false
            strokes = StrokeRun()
            for stroke in [previous, swing] where parameters.isStroke(stroke) {
                strokes.add(stroke, longestGap: seconds.longestSwing, crossways: parameters.crossways)
            }
            level = min(previous.strength, swing.strength)
            swingDuration = max(previous.duration, swing.duration)
            return .began
        case .suppressed:
            return nil
        }
    }
}
