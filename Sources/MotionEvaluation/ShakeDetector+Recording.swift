import Motion

extension ShakeDetector {
    /// Runs the detector over a whole recording.
    public mutating func run(_ recording: Recording) -> [DetectorEvent] {
        recording.samples.flatMap { add($0) }
    }
}
