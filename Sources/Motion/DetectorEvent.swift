import Time

/// What a shake detector reports: a shake began, ended, or what began was not a shake (and why).
public struct DetectorEvent: Equatable, Sendable {
    public enum Phase: String, Sendable {
        case began, ended, cancelled
    }

    /// Why what began was not a shake.
    public enum Cancellation: Equatable, Sendable, CustomStringConvertible {
        /// It went on past the longest shake: an activity (running, sawing), not a gesture.
        case tooLong
        /// Its swinging paused before a single stroke (walking, a device in a pocket).
        case pausedBeforeStroke
        /// It swung on for the settling time without a single stroke (a sway, not a shake).
        case noStroke
        /// It came to rest with too little for a shake: so many strokes in a row and
        /// back-and-forths, over so long (from its first swing to its last stroke).
        case tooLittle(strokesInARow: Int, backAndForths: Int, lasted: Duration)
        /// The device did not come to rest soon enough after the last stroke.
        case neverSettled
        /// The samples stopped while it was under way (a recording's end, a sensor gone).
        case samplesEnded

        public var description: String {
            switch self {
            case .tooLong: "it went on too long for a shake"
            case .pausedBeforeStroke: "its swinging paused before a stroke"
            case .noStroke: "it swung on without a stroke"
            case .tooLittle(let strokes, let backAndForths, let lasted):
                "it came to rest after \(strokes) stroke\(strokes == 1 ? "" : "s") in a row and \(backAndForths) "
                    + "back-and-forth\(backAndForths == 1 ? "" : "s") over \(lasted.wholeMicroseconds / 1000) ms"
            case .neverSettled: "the device did not come to rest after its last stroke"
            case .samplesEnded: "the samples ended"
            }
        }
    }

    public let phase: Phase
    /// When, in the samples' time.
    public let time: MonotonicInstant
    /// For `cancelled`, why, when the detector says.
    public let cancellation: Cancellation?

    public init(_ phase: Phase, at time: MonotonicInstant) {
        self.init(phase, at: time, cancellation: nil)
    }

    /// A `cancelled` saying why.
    public static func cancelled(at time: MonotonicInstant, because why: Cancellation) -> DetectorEvent {
        DetectorEvent(.cancelled, at: time, cancellation: why)
    }

    private init(_ phase: Phase, at time: MonotonicInstant, cancellation: Cancellation?) {
        (self.phase, self.time, self.cancellation) = (phase, time, cancellation)
    }
}
