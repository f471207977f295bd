import Time

/// What a shake detector reports: a shake began, ended, or what began was not a shake.
public struct DetectorEvent: Equatable, Sendable {
    public enum Phase: String, Sendable {
        case began, ended, cancelled
    }

    public let phase: Phase
    /// When, in the samples' time.
    public let time: MonotonicInstant

    public init(_ phase: Phase, at time: MonotonicInstant) {
        self.phase = phase
        self.time = time
    }
}
