import Time

/// What a swing means for the shake: a back-and-forth that begins one (at the turn, or while its
/// second swing is under way), a stroke or a back-and-forth that keeps one going, a strong swing
/// that keeps an activity from calming.
extension SwingDetector {
    /// `began` before the back-and-forth's second swing reaches its turning point
    /// (``Parameters/midSwingBegin``): idle, the swing under way from `start` has come straight
    /// back along the last strong swing by that many times the sensitivity and past where that
    /// swing started (a bump out and back to rest does not), within half the longest swing (a
    /// slow wave that would not be quick enough by its turn does not). The swing is judged as
    /// usual when it turns, and counted then.
    mutating func beginMidSwing(from start: Turn, at time: MonotonicInstant) -> DetectorEvent.Phase? {
        guard parameters.midSwingBegin > 0, case .idle = state, let previous = previousSwing,
            start.time.seconds - previous.end.seconds <= longestSwing
        else { return nil }
        let sofar = Swing(change: extreme.point - start.point, from: start.time, to: time)
        guard sofar.strength >= max(parameters.midSwingBegin * parameters.swingStrength, previous.strength + parameters.turnHysteresis),
            sofar.cosine(with: previous) <= parameters.reversal, previous.duration <= longestSwing, sofar.duration <= longestSwing / 2
        else { return nil }
        var strokes = StrokeRun()
        if parameters.isStroke(previous) { strokes.add(previous, longestGap: seconds.longestSwing, crossways: parameters.crossways) }
        state = .shaking(Shake(midSwingFrom: previous, sofar, at: time, strokes: strokes))
        return .began
    }

    /// Whether `swing` comes straight back along `previous`, both of the sensitivity and quicker
    /// than the longest swing.
    func isBackAndForth(_ previous: Swing, _ swing: Swing) -> Bool {
        swing.strength >= parameters.swingStrength && swing.cosine(with: previous) <= parameters.reversal
            && max(previous.duration, swing.duration) <= longestSwing
    }

    mutating func judge(_ swing: Swing, now: MonotonicInstant) -> DetectorEvent.Phase? {
        if let previous = previousSwing, swing.start - previous.end.seconds > longestSwing { previousSwing = nil }
        let previous = previousSwing
        if swing.strength >= parameters.swingStrength { previousSwing = swing }
        switch state {
        case .idle:
            guard let previous, isBackAndForth(previous, swing) else { return nil }
            var strokes = StrokeRun()
            for stroke in [previous, swing] where parameters.isStroke(stroke) {
                strokes.add(stroke, longestGap: seconds.longestSwing, crossways: parameters.crossways)
            }
            state = .shaking(Shake(from: previous, swing, at: now, strokes: strokes))
            return .began
        case .shaking(var shake):
            if shake.backAndForths == 0, let previous, isBackAndForth(previous, swing) {
                // The swing that began it mid-way has turned: from here the shake is as it would
                // have begun at this turn (its clocks, yardsticks and counts), told sooner.
                var strokes = shake.strokes
                if parameters.isStroke(swing) { strokes.add(swing, longestGap: seconds.longestSwing, crossways: parameters.crossways) }
                state = .shaking(Shake(from: previous, swing, at: now, strokes: strokes, began: shake.began))
                return nil
            }
            if isStrong(swing, by: shake.level) { shake.lastStrongSwing = swing.end }
            // Only a stroke keeps a shake going: a shake whose strokes stopped while weaker
            // swinging goes on (walking on after a jolt) is over. Strokes are in a row when no
            // more than a swing apart (without the slow sensor's slack: adding it let a phone in
            // a pocket, sampled at 20 Hz, string its steps into a run).
            if parameters.isStroke(swing) {
                let longestGap = shake.restedSinceStroke ? seconds.joltGap : seconds.longestSwing
                shake.stroke(swing, at: now, longestGap: longestGap, crossways: parameters.crossways)
            }
            if let previous, isBackAndForth(previous, swing) { shake.wentBackAndForth(swing, at: now) }
            state = .shaking(shake)
            return nil
        case .suppressed(let level, _):
            if isStrong(swing, by: level) { state = .suppressed(level: level, lastStrongSwing: swing.end) }
            return nil
        }
    }
}
