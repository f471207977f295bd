/// A shake detector: timestamped samples in, phases out. Pure: time comes with the samples.
public protocol ShakeDetector {
    mutating func add(_ sample: MotionSample) -> [DetectorEvent]
}
