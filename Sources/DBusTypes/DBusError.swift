/// A D-Bus error: a validated error name and a sentence that says what went wrong.
///
/// Everything that can fail in these types and in the binding fails with a `DBusError`, so a
/// failure can be sent back to a peer as it is, and a peer's error arrives with the name it was
/// sent with. It is a value like the names, so it lives with them: code that only checks a
/// name or decodes a value needs no libdbus.
public struct DBusError: Error, Hashable, Sendable, CustomStringConvertible {
    public var name: ErrorName
    public var message: String

    public init(_ name: ErrorName, _ message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { "\(name): \(message)" }

    /// The message as a clause inside a sentence of ours: without the full stop libdbus's and
    /// many peers' messages end with, and cut as ``Quote`` cuts a peer's text, for a player's
    /// error may be kilobytes long and the log line that tells of it is one line. No reply in
    /// time is said in our words: libdbus's sentence for it lists five possible causes, which
    /// tell a person nothing the sentence around it does not.
    public var clause: String {
        if name == .noReply || name == .timeout { return "no answer in time" }
        return Quote.text(message.hasSuffix(".") ? String(message.dropLast()) : message, longest: Quote.longestMessage)
    }
}

extension DBusError {
    /// Any error as a `DBusError`: itself when it is one, otherwise `Failed` with its description.
    public init(describing error: any Error) {
        self = (error as? DBusError) ?? DBusError(.failed, "\(error)")
    }

    public static func failed(_ message: String) -> DBusError { DBusError(.failed, message) }
    public static func invalidArgs(_ message: String) -> DBusError { DBusError(.invalidArgs, message) }
    public static func noReply(_ message: String) -> DBusError { DBusError(.noReply, message) }
    public static func disconnected(_ message: String) -> DBusError { DBusError(.disconnected, message) }
}

extension ErrorName {
    // The standard names of org.freedesktop.DBus.Error, as the specification and libdbus use them.
    public static let failed: ErrorName = "org.freedesktop.DBus.Error.Failed"
    public static let noMemory: ErrorName = "org.freedesktop.DBus.Error.NoMemory"
    public static let serviceUnknown: ErrorName = "org.freedesktop.DBus.Error.ServiceUnknown"
    public static let nameHasNoOwner: ErrorName = "org.freedesktop.DBus.Error.NameHasNoOwner"
    public static let noReply: ErrorName = "org.freedesktop.DBus.Error.NoReply"
    public static let ioError: ErrorName = "org.freedesktop.DBus.Error.IOError"
    public static let badAddress: ErrorName = "org.freedesktop.DBus.Error.BadAddress"
    public static let notSupported: ErrorName = "org.freedesktop.DBus.Error.NotSupported"
    public static let limitsExceeded: ErrorName = "org.freedesktop.DBus.Error.LimitsExceeded"
    public static let accessDenied: ErrorName = "org.freedesktop.DBus.Error.AccessDenied"
    public static let noServer: ErrorName = "org.freedesktop.DBus.Error.NoServer"
    public static let timeout: ErrorName = "org.freedesktop.DBus.Error.Timeout"
    public static let disconnected: ErrorName = "org.freedesktop.DBus.Error.Disconnected"
    /// Ours, never sent: a typed call's reply that does not read as the method's output (the
    /// peer answered, but not as the contract says), told apart from an error the peer sent.
    public static let unreadableReply: ErrorName = "org.mediaremote.DBus.Error.UnreadableReply"
    public static let invalidArgs: ErrorName = "org.freedesktop.DBus.Error.InvalidArgs"
    public static let unknownMethod: ErrorName = "org.freedesktop.DBus.Error.UnknownMethod"
    public static let unknownObject: ErrorName = "org.freedesktop.DBus.Error.UnknownObject"
    public static let unknownInterface: ErrorName = "org.freedesktop.DBus.Error.UnknownInterface"
    public static let unknownProperty: ErrorName = "org.freedesktop.DBus.Error.UnknownProperty"
    public static let propertyReadOnly: ErrorName = "org.freedesktop.DBus.Error.PropertyReadOnly"
    public static let invalidSignature: ErrorName = "org.freedesktop.DBus.Error.InvalidSignature"

    /// The bus could not start the service a call named (`org.freedesktop.DBus.Error.Spawn.*`:
    /// its program exited, failed to run, or has no service file that works).
    public var isActivationFailure: Bool { rawValue.hasPrefix("org.freedesktop.DBus.Error.Spawn.") }
}
