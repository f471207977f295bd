/// Whether plain MPRIS players count as receiving remote-control events.
public enum Mode: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Every MPRIS player counts as receiving, as if it had called Begin (the default: players
    /// work unchanged).
    case compat
    /// Only apps that called BeginReceivingRemoteControlEvents receive, as on iOS.
    case strict

    public var description: String { rawValue }
}
