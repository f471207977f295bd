extension SwingDetector {
    /// What the detector takes for a shake. The defaults are chosen on the development
    /// recordings (`make eval-motion`; DECISIONS.md says what each rule removed, with figures).
    public struct Parameters: Equatable, Sendable {
        /// The sensitivity: how much the acceleration must change over one swing, in g, for a
        /// shake to begin. A brisk hand shake swings 2–10 g; walking with the device in hand
        /// swings under 1 g.
        public var swingStrength = 1.2
        /// How directly a swing must come back: the cosine of the angle between consecutive
        /// swings is at most this (−1: exactly back).
        public var reversal = -0.8
        /// The slowest swing that is still shaking (half a period: 0.45 s is about 1.1 Hz;
        /// hands shake at 2–8 Hz). A slow sensor's turning points are known only to a sample,
        /// so its interval between samples is added.
        public var longestSwing = Duration.milliseconds(450)
        /// How far the acceleration must come back from an extreme before it counts as a
        /// turning point, in g: sensor noise and small wobbles are not swings.
        public var turnHysteresis = 0.3
        /// A shake that stops must have gone back and forth at least this many times…
        public var backAndForthsToQualify = 2
        /// …over at least this long…
        public var shortestShake = Duration.milliseconds(300)
        /// …with at least this many strokes in a row (``StrokeRun``). A stroke is a swing of
        /// at least `strokeStrength` × the sensitivity that moved the device by an amplitude of
        /// at least `strokeReach` per g of sensitivity (1.5 cm at the default, 3 cm of travel):
        /// a hand's stroke, not the jolt of a footstep or of sitting down with the device in a
        /// pocket. So the faster the shake, the stronger its strokes must be: at 8 Hz a swing of
        /// 7.7 g, and a sensor that clips at ±2 g (swings of at most 4 g on an axis) counts no
        /// shake faster than about 5.7 Hz.
        public var strokesToQualify = 4
        public var strokeStrength = 2.0
        public var strokeReach = 0.0125
        /// Two strokes are across each other when the cosine between them is within ± this
        /// (60° to 120° apart).
        public var crossways = 0.5
        /// The longest shake; past it the motion is an activity, not a gesture.
        public var longestShake = Duration.seconds(5)
        /// The shaking has stopped when no stroke came for this long (or for 1.5 of the
        /// shake's own swings, when those are slower).
        public var pause = Duration.milliseconds(250)
        /// At rest: the acceleration stays within `stillRadius` g (or a tenth of the shake's
        /// swing, when larger) for `stillTime`.
        public var stillRadius = 0.3
        public var stillTime = Duration.milliseconds(150)
        /// After the shaking stops, the device must come to rest within this.
        public var settleTime = Duration.seconds(1)
        /// A slow, jolting shake rests between its jolts: strokes with the device at rest
        /// between them are in a row up to this far apart, and a shake with strokes waits this
        /// long at rest for the next before it is cancelled.
        public var joltGap = Duration.milliseconds(800)
        /// After a cancelled activity, the motion must stay calm this long before a shake can
        /// begin again.
        public var restTime = Duration.seconds(1)
        /// `began` while the back-and-forth's second swing is still under way, once it has come
        /// back this many times the sensitivity (0: at its turning point, as before issue 38;
        /// 1 took 60–110 ms off `began` on every profile and changed no ended, DECISIONS.md).
        public var midSwingBegin = 1.0

        public init() {}

        /// Whether a swing is a stroke of the hand.
        func isStroke(_ swing: Swing) -> Bool {
            swing.strength >= strokeStrength * swingStrength && swing.reach >= strokeReach * swingStrength
        }
    }
}
