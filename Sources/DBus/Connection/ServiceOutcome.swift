import DBusTypes
import SystemFiles

/// Why a service that owns a name on a bus stopped running: what its executable says and
/// exits with (0 for a stop; 1 otherwise, so that systemd restarts it).
public enum ServiceOutcome: Equatable, Sendable {
    /// SIGTERM or SIGINT: a clean stop.
    case stopped
    /// The bus went away.
    case busLost
    /// Another connection took the name.
    case nameLost

    /// Says in the log why the service that owned `name` on `bus` stopped, and returns its exit
    /// status.
    public func exitStatus(owning name: BusName, on bus: Connection.Bus) -> Int32 {
        switch self {
        case .stopped:
            Log.info("stopped")
            return 0
        case .busLost:
            Log.error("lost the connection to the \(bus); exiting so its service manager can restart it")
            return 1
        case .nameLost:
            Log.error("another connection took \(name); exiting")
            return 1
        }
    }
}
