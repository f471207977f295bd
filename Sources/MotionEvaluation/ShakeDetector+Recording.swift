import Motion

extension ShakeDetector {
    /// Runs the detector over a whole recording: its events, as it reported them. Scoring uses
    /// these: a `cancelled` in them is the detector's own (a false start it took back).
    public mutating func run(_ recording: Recording) -> [DetectorEvent] {
        recording.samples.flatMap { add($0) }
    }

    /// Runs the detector over a whole recording as the service would over a sensor that goes
    /// away when the recording ends (`mediaremotectl motion replay`): a shake still going then
    /// is cancelled at the last sample, as the service cancels one whose sensor goes, so every
    /// `began` is followed by its `ended` or `cancelled`. Not for scoring, which would count
    /// that cancel as the detector's.
    public mutating func replay(_ recording: Recording) -> [DetectorEvent] {
        var events = run(recording)
        if events.last?.phase == .began, let end = recording.samples.last?.time {
            events.append(.cancelled(at: end, because: .samplesEnded))
        }
        return events
    }
}
