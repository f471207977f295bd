/// An interface name, such as `org.mpris.MediaPlayer2.Player`.
public struct InterfaceName: ValidatedName {
    public let rawValue: String

    public init(_ string: String) throws(DBusError) { rawValue = try Self.validated(string) }

    public init(stringLiteral value: String) { rawValue = Self.validatedLiteral(value) }

    public static let kind = "interface name"

    public static func problem(_ string: String) -> String? {
        NameRules.dottedNameProblem(string, allowHyphen: false, allowLeadingDigit: false)
    }

    public static let bus: InterfaceName = "org.freedesktop.DBus"
    public static let properties: InterfaceName = "org.freedesktop.DBus.Properties"
    public static let introspectable: InterfaceName = "org.freedesktop.DBus.Introspectable"
    public static let peer: InterfaceName = "org.freedesktop.DBus.Peer"
}

/// An error name, such as `org.freedesktop.DBus.Error.UnknownMethod`; the same rules as an interface name.
public struct ErrorName: ValidatedName {
    public let rawValue: String

    public init(_ string: String) throws(DBusError) { rawValue = try Self.validated(string) }

    public init(stringLiteral value: String) { rawValue = Self.validatedLiteral(value) }

    public static let kind = "error name"

    public static func problem(_ string: String) -> String? { InterfaceName.problem(string) }
}
