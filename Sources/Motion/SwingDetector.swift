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
    struct Turn {
        var point: Vector3
        var time: MonotonicInstant
    }

    /// Where the acceleration has stayed close to, since when.
    private struct Rest {
        var point: Vector3
        var since: MonotonicInstant
    }

    enum State {
        case idle
        /// Boxed: the detector looks at its state at every sample, and a shake held in line was
        /// copied whole at each look (`motion-eval --bench`: 22 → 35 ns a sample; boxed, 25). A
        /// box is made when the shake begins and at its swings, not at every sample.
        indirect case shaking(Shake)
        /// A cancelled activity is still going on: nothing begins until it has calmed for
        /// `restTime` after its last strong swing. Its level stays the yardstick for "strong" and
        /// "still" until then.
        case suppressed(level: Double, lastStrongSwing: MonotonicInstant)
    }

    public let parameters: Parameters
    let seconds: Seconds
    var state = State.idle
    /// The last sample's time.
    private var lastTime: MonotonicInstant?
    /// The latest time the detector looked at: the last sample's, or a later one that
    /// ``timeout(at:)`` was given.
    private var lastLook: MonotonicInstant?
    /// A running mean of the time between samples, in seconds.
    private var sampleInterval = 0.0
    // The zig-zag: the last turning point and the farthest point from it since.
    private var anchor: Turn?
    var extreme = Turn(point: .zero, time: .zero)
    /// The last swing of at least the sensitivity, which the next one may reverse.
    var previousSwing: Swing?
    /// Stillness (none before the first sample).
    private var rest: Rest?
    private var atRest: Bool { lastTime.map(isAtRest) ?? false }
    /// Still at `time`: held within the still radius for `stillTime` by then. A sensor that
    /// sends nothing holds its last value (evdev reports only changes).
    private func isAtRest(at time: MonotonicInstant) -> Bool {
        guard let rest else { return false }
        return time.seconds - rest.since.seconds >= seconds.stillTime
    }
    /// When the swing in progress came to rest, if it did.
    private var restedAt: MonotonicInstant?
    /// The last time the acceleration was within the hysteresis of the extreme: when it left
    /// a turning point it rested at.
    private var nearExtreme = MonotonicInstant.zero
    private var previousSample = Turn(point: .zero, time: .zero)

    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
        seconds = Seconds(parameters)
    }

    public mutating func add(_ sample: MotionSample) -> [DetectorEvent] {
        let time = sample.time
        if let lastTime {
            if time < lastTime { return [] }
            // A gap in the stream (a sensor reopened) says nothing of its rate.
            sampleInterval += 0.1 * (min(time.seconds - lastTime.seconds, seconds.longestSwing) - sampleInterval)
        }
        lastTime = time
        lastLook = max(lastLook ?? time, time)
        let point = Vector3(sample)
        followStillness(point, at: time)
        var events = checkProgress(at: time)
        if let phase = follow(point, at: time) { events.append(DetectorEvent(phase, at: time)) }
        previousSample = Turn(point: point, time: time)
        return events
    }

    /// How often the detector looks at the time while a shake is under way (or an activity
    /// calms) and no sample comes: a sensor set down may send nothing at all.
    public static let tick = Duration.milliseconds(50)

    /// When the detector needs to look at the time if no sample comes first
    /// (``timeout(at:)``): a tick after it last looked (the last sample, or a later look) while
    /// a shake is under way or an activity calms; nil while idle, when only a sample can change
    /// anything.
    public var deadline: MonotonicInstant? {
        if case .idle = state { return nil }
        return lastLook.map { $0 + Self.tick }
    }

    /// The passing of time with no new sample: the device held its last value since, so a
    /// shake whose strokes stopped ends (or is cancelled) once the device has been still long
    /// enough, as it would have with samples.
    public mutating func timeout(at time: MonotonicInstant) -> [DetectorEvent] {
        guard let lastTime, time > lastTime else { return [] }
        lastLook = max(lastLook ?? time, time)
        return checkProgress(at: time)
    }

    var longestSwing: Double { seconds.longestSwing + sampleInterval }

    /// The running mean of the swings' strength of the shake, or of the activity it turned out
    /// to be; 0 while idle (the sensitivity and the still radius are the yardsticks then).
    private var level: Double {
        switch state {
        case .idle: 0
        case .shaking(let shake): shake.level
        case .suppressed(let level, _): level
        }
    }

    /// Strong by the yardstick of a shake, or an activity, of this `level`: at least the
    /// sensitivity and half the level.
    func isStrong(_ swing: Swing, by level: Double) -> Bool {
        swing.strength >= max(parameters.swingStrength, 0.5 * level)
    }

    private mutating func followStillness(_ point: Vector3, at time: MonotonicInstant) {
        let radius = max(parameters.stillRadius, 0.1 * level)
        if let rest, (point - rest.point).length <= radius { return }
        rest = Rest(point: point, since: time)
    }

    /// Ends, cancels or re-arms on the passing of time.
    private mutating func checkProgress(at time: MonotonicInstant) -> [DetectorEvent] {
        switch state {
        case .idle:
            return []
        case .suppressed(_, let lastStrongSwing):
            if time.seconds - lastStrongSwing.seconds > seconds.restTime { state = .idle }
            return []
        case .shaking(var shake):
            // Cancelled, it is an activity that must calm, by the shake's yardstick.
            let cancelled = State.suppressed(level: shake.level, lastStrongSwing: shake.lastStrongSwing)
            let now = time.seconds
            if now - shake.began.seconds > seconds.longestShake {
                state = cancelled
                return [.cancelled(at: time, because: .tooLong)]
            }
            // Begun mid-swing, and that swing not turned yet: nothing has paused.
            if shake.backAndForths == 0, now - shake.began.seconds < longestSwing { return [] }
            let quiet = now - shake.lastStroke.seconds
            guard quiet > max(seconds.pause, 1.5 * shake.swingDuration) else { return [] }
            if isAtRest(at: time) {
                let qualified = shake.backAndForths >= parameters.backAndForthsToQualify
                    && shake.lastStroke.seconds - shake.firstSwing.start >= seconds.shortestShake
                    && shake.strokes.longest >= parameters.strokesToQualify
                // A slow, jolting shake rests between its jolts: wait for the next one.
                if !qualified, shake.strokes.longest > 0, quiet <= seconds.joltGap {
                    if !shake.restedSinceStroke {
                        shake.restedSinceStroke = true
                        state = .shaking(shake)
                    }
                    return []
                }
                state = .idle
                let lasted = Duration.microseconds(Int64(((shake.lastStroke.seconds - shake.firstSwing.start) * 1_000_000).rounded()))
                return [qualified ? DetectorEvent(.ended, at: time) : .cancelled(at: time, because: .tooLittle(
                    strokesInARow: shake.strokes.longest, backAndForths: shake.backAndForths, lasted: max(lasted, .zero)))]
            }
            // Swinging that pauses without having made a single stroke (walking, a device in a
            // pocket) is no shake; swinging on without one is waited for up to `settleTime`,
            // since a shake may open gently. Still moving long after the last stroke is an
            // activity.
            let swingingPaused = now - shake.lastBackAndForth.seconds > max(seconds.pause, 1.5 * shake.swingDuration)
            if shake.strokes.longest == 0 && swingingPaused {
                state = cancelled
                return [.cancelled(at: time, because: .pausedBeforeStroke)]
            }
            if quiet > seconds.settleTime {
                state = cancelled
                return [.cancelled(at: time, because: shake.strokes.longest == 0 ? .noStroke : .neverSettled)]
            }
            return []
        }
    }

    /// Follows the zig-zag; at a turning point, judges the swing that just finished.
    private mutating func follow(_ point: Vector3, at time: MonotonicInstant) -> DetectorEvent.Phase? {
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
        if restedAt == nil, reach.length >= parameters.turnHysteresis, atRest, let rest {
            restedAt = max(min(extreme.time, rest.since), start.time)
        }
        if (point - start.point).lengthSquared > reach.lengthSquared {
            guard let end = restedAt else {
                extreme = Turn(point: point, time: time)
                nearExtreme = time
                return beginMidSwing(from: start, at: time)
            }
            // Still resting, only wandering within the rest.
            guard (point - extreme.point).length >= parameters.turnHysteresis else {
                nearExtreme = time
                return nil
            }
            restedAt = nil
            let phase = judge(Swing(change: reach, from: start.time, to: end), now: time)
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
        let phase = judge(Swing(change: reach, from: start.time, to: extreme.time), now: time)
        // A swing that rested at its extreme and turns back starts when the device left the
        // rest, not when it arrived.
        anchor = rested ? Turn(point: extreme.point, time: max(extreme.time, nearExtreme)) : extreme
        extreme = Turn(point: point, time: time)
        nearExtreme = time
        return phase
    }
}
