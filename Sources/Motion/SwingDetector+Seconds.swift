extension SwingDetector {
    /// The parameters' times as seconds in Double: the detector weighs every sample (up to
    /// 1 kHz) against them and against its running means in floating point, so they are
    /// converted once, here, not at each comparison. Its points in time are instants, and a span
    /// it weighs against these is the difference of two instants' ``MonotonicInstant/seconds``,
    /// not the exact `Duration` between them: the two can differ in the last bit, which decides
    /// a tie (a sample exactly `stillTime` after another, common at 100 Hz), and the figures in
    /// DECISIONS.md were made this way.
    struct Seconds {
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
}
