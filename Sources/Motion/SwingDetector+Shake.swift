import Time

extension SwingDetector {
    /// What only a shake in progress has: how it began, how it went on since, and the
    /// yardsticks it sets for "strong", "slow" and "still" while it lasts.
    struct Shake {
        /// When the back-and-forth that began it was recognised.
        let began: MonotonicInstant
        /// That back-and-forth's first swing: the shake's length counts from its start.
        let firstSwing: Swing
        /// When it last went on: its start, then each stroke.
        var lastStroke: MonotonicInstant
        var strokes: StrokeRun
        /// Whether the device has been at rest since the last stroke.
        var restedSinceStroke = false
        var backAndForths = 1
        var lastBackAndForth: MonotonicInstant
        /// Running means of its swings' strength (g) and duration (seconds, as ``Swing``'s):
        /// the yardsticks for "strong" and "slow" while it lasts.
        var level: Double
        var swingDuration: Double
        /// When it last swung strongly (at least the sensitivity and half its level): once
        /// cancelled, it has calmed `restTime` after that.
        var lastStrongSwing: MonotonicInstant

        /// The shake that `swing`, coming straight back from `previous`, begins at `now`, with
        /// the strokes of the two.
        /// `began`: when it was told, if sooner (``init(midSwingFrom:_:at:strokes:)``).
        init(from previous: Swing, _ swing: Swing, at now: MonotonicInstant, strokes: StrokeRun, began: MonotonicInstant? = nil) {
            self.began = began ?? now
            firstSwing = previous
            lastStroke = now
            self.strokes = strokes
            lastBackAndForth = now
            level = min(previous.strength, swing.strength)
            swingDuration = max(previous.duration, swing.duration)
            // Strong: of the sensitivity, as a back-and-forth's swings are, with no level yet.
            lastStrongSwing = swing.end
        }

        /// The shake begun at `now` by `sofar`, a swing coming straight back from `previous` and
        /// still under way: that back-and-forth, and its stroke, are counted when it turns, and
        /// the shake is then as it would have begun there (``SwingDetector``'s judge).
        init(midSwingFrom previous: Swing, _ sofar: Swing, at now: MonotonicInstant, strokes: StrokeRun) {
            self.init(from: previous, sofar, at: now, strokes: strokes)
            backAndForths = 0
        }

        /// A stroke at `now`: the run goes on (or a new one starts) and so does the shake.
        mutating func stroke(_ swing: Swing, at now: MonotonicInstant, longestGap: Double, crossways: Double) {
            strokes.add(swing, longestGap: longestGap, crossways: crossways)
            lastStroke = now
            restedSinceStroke = false
        }

        /// Another back-and-forth, ending with `swing` at `now`.
        mutating func wentBackAndForth(_ swing: Swing, at now: MonotonicInstant) {
            backAndForths += 1
            lastBackAndForth = now
            level += 0.3 * (swing.strength - level)
            swingDuration += 0.3 * (swing.duration - swingDuration)
        }
    }
}
