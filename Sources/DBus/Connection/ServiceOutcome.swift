/// Why a service that owns a name on a bus stopped running: what its executable says and
/// exits with (0 for a stop; 1 otherwise, so that systemd restarts it).
public enum ServiceOutcome: Equatable, Sendable {
    /// SIGTERM or SIGINT: a clean stop.
    case stopped
    /// The bus went away.
    case busLost
    /// Another connection took the name.
    case nameLost
}
