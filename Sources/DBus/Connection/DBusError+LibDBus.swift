internal import CDBus
import DBusTypes

// libdbus reports a failure in its own error struct, DBusError in C and LibDBusError to Swift
// (CDBus.apinotes); here it becomes ours.

extension DBusError {
    /// Takes a libdbus error (freeing it), or describes a failure that set none.
    init(taking error: inout LibDBusError, context: String) {
        defer { dbus_error_free(&error) }
        guard dbus_error_is_set(&error) != 0 else {
            self = DBusError.failed(context)
            return
        }
        let name = (try? ErrorName(String(cString: error.name))) ?? .failed
        let message = error.message.map { String(cString: $0) } ?? ""
        self = DBusError(name, "\(context): \(message)")
    }

    /// The message without the `context` it was made with: libdbus's own words.
    func message(after context: String) -> String {
        message.hasPrefix(context + ": ") ? String(message.dropFirst(context.count + 2)) : message
    }
}
