/// What a shake detector reports: a shake began, ended, or what began was not a shake.
public struct DetectorEvent: Equatable, Sendable {
    public enum Phase: String, Sendable {
        case began, ended, cancelled
    }

    public let phase: Phase
    /// When, in the samples' time (µs).
    public let time: UInt64

    public init(_ phase: Phase, at time: UInt64) {
        self.phase = phase
        self.time = time
    }
}
