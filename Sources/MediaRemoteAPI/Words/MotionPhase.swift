/// The phase of a motion event; remote-control events have none.
public enum MotionPhase: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case began
    case ended
    case cancelled

    public var description: String { rawValue }
}
