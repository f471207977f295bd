#if canImport(Glibc)
import Glibc
#endif

extension Connection.Bus {
    /// Where libdbus looks for this bus, in words, for a message that says what was tried:
    /// `DBUS_SESSION_BUS_ADDRESS`'s value, or, without it, the user's socket in
    /// `$XDG_RUNTIME_DIR` (where systemd's user manager puts the session bus).
    public var whereLooked: String {
        switch self {
        case .session:
            if let address = Connection.Bus.environment("DBUS_SESSION_BUS_ADDRESS") {
                return "\(address) (DBUS_SESSION_BUS_ADDRESS)"
            }
            guard let runtime = Connection.Bus.environment("XDG_RUNTIME_DIR") else {
                return "nowhere: neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set"
            }
            return "\(runtime)/bus (DBUS_SESSION_BUS_ADDRESS is not set)"
        case .system:
            return Connection.Bus.environment("DBUS_SYSTEM_BUS_ADDRESS").map { "\($0) (DBUS_SYSTEM_BUS_ADDRESS)" }
                ?? "/run/dbus/system_bus_socket"
        case .address(let address):
            return address
        }
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty else { return nil }
        return value
    }
}
