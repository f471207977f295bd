#if canImport(Glibc)
import Glibc
import SystemFiles
#endif

/// Where libdbus looks for the session bus, so that a failed connection can say where it looked
/// and what to do: a person on ssh, under sudo or in cron has a different environment than
/// their desktop, and "cannot connect" alone does not tell them which. ``Connection`` says it
/// in the error of a failed connection to the session bus.
public enum SessionBusLocation: Equatable, Sendable {
    /// DBUS_SESSION_BUS_ADDRESS's value, which libdbus uses when it is set.
    case address(String)
    /// `$XDG_RUNTIME_DIR/bus`, which libdbus tries when the variable is unset; whether a file is there.
    case runtimeSocket(path: String, exists: Bool)
    /// Neither variable is set: libdbus can only try X11 autolaunch.
    case nowhere

    public init(
        environment: (String) -> String? = Environment.value,
        exists: (String) -> Bool = { access($0, F_OK) == 0 }
    ) {
        if let address = environment("DBUS_SESSION_BUS_ADDRESS"), !address.isEmpty {
            self = .address(address)
        } else if let runtime = environment("XDG_RUNTIME_DIR"), !runtime.isEmpty {
            let path = runtime.hasSuffix("/") ? runtime + "bus" : runtime + "/bus"
            self = .runtimeSocket(path: path, exists: exists(path))
        } else {
            self = .nowhere
        }
    }

    /// The sentence for a failed connection, given libdbus's message: where it was tried, why
    /// it failed, and what to do.
    public func explain(_ failure: String) -> String {
        let advice = "run it in your desktop session, or set DBUS_SESSION_BUS_ADDRESS to your session bus's address"
        switch self {
        case .address(let address):
            return "cannot connect to the session bus at \(address) (from DBUS_SESSION_BUS_ADDRESS): \(failure); "
                + "is that bus still running? Unset DBUS_SESSION_BUS_ADDRESS or set it to your session bus's address"
        case .runtimeSocket(let path, true):
            return "cannot connect to the session bus at \(path) (DBUS_SESSION_BUS_ADDRESS is not set): \(failure); \(advice)"
        case .runtimeSocket(let path, false):
            return "cannot connect to the session bus: DBUS_SESSION_BUS_ADDRESS is not set and there is no \(path) "
                + "(from XDG_RUNTIME_DIR); \(advice)"
        case .nowhere:
            return "cannot connect to the session bus: neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set "
                + "(not a login session?); \(advice)"
        }
    }
}
