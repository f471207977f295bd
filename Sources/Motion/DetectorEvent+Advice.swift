import Time

extension DetectorEvent.Cancellation {
    /// Its name on the bus (`ShakeNotTaken`'s reason).
    public var name: String {
        switch self {
        case .tooLong: "tooLong"
        case .pausedBeforeStroke: "pausedBeforeStroke"
        case .noStroke: "noStroke"
        case .tooLittle: "tooLittle"
        case .neverSettled: "neverSettled"
        case .samplesEnded: "samplesEnded"
        }
    }

    /// Why a shake was not taken, in words a person can act on (issue 38), by the detector's
    /// `parameters`: what was missing, and what to do next time. The README tells a person to
    /// shake the device briskly back and forth about three times, then hold it still. Nil when
    /// there is nothing for the person to do (the samples ended: a recording's end).
    public func advice(_ parameters: SwingDetector.Parameters) -> String? {
        switch self {
        case .tooLittle(let strokes, let backAndForths, let lasted):
            // Too few swings to hold the strokes wanted even were each one brisk: it stopped too
            // soon. (`lasted` runs to the last stroke: a long shake whose brisk strokes came
            // first is too gentle, not too short.)
            if backAndForths == 0 { return "too short: it did not come back; shake back and forth, about three times" }
            if backAndForths < parameters.backAndForthsToQualify || backAndForths + 1 < parameters.strokesToQualify {
                let times = "\(backAndForths) back-and-forth\(backAndForths == 1 ? "" : "s") in \(lasted.wholeMicroseconds / 1000) ms"
                return "too short: \(times); shake a little longer, about three times"
            }
            return "too gentle: \(strokes) brisk stroke\(strokes == 1 ? "" : "s") in a row, \(parameters.strokesToQualify) wanted; "
                + "shake more briskly, along one line"
        case .pausedBeforeStroke:
            return "paused before shaking: it swayed, then stopped before a brisk stroke; shake briskly from the start"
        case .noStroke:
            return "too gentle: it swayed without a brisk stroke; shake more briskly"
        case .tooLong:
            let most = parameters.longestShake.wholeMicroseconds / 1_000_000
            return "too long: over \(most) s of motion is taken for walking or running, not a shake; shake about three times, then hold still"
        case .neverSettled:
            return "not held still after: the device kept moving; hold it still for a moment after shaking"
        case .samplesEnded:
            return nil
        }
    }
}
