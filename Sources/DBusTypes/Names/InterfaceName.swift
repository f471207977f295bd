/// An interface name, such as `org.mpris.MediaPlayer2.Player`.
public struct InterfaceName: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(_ string: String) throws(DBusError) {
        if let problem = InterfaceName.problem(string) {
            throw DBusError(.invalidArgs, "'\(string)' is not a valid interface name: \(problem)")
        }
        rawValue = string
    }

    public init(stringLiteral value: String) {
        precondition(InterfaceName.problem(value) == nil, "invalid interface name literal '\(value)'")
        rawValue = value
    }

    public var description: String { rawValue }
    public static func < (lhs: InterfaceName, rhs: InterfaceName) -> Bool { lhs.rawValue < rhs.rawValue }

    static func problem(_ string: String) -> String? {
        NameRules.dottedNameProblem(string, allowHyphen: false, allowLeadingDigit: false)
    }

    public static let bus: InterfaceName = "org.freedesktop.DBus"
    public static let properties: InterfaceName = "org.freedesktop.DBus.Properties"
    public static let introspectable: InterfaceName = "org.freedesktop.DBus.Introspectable"
    public static let peer: InterfaceName = "org.freedesktop.DBus.Peer"
}

/// An error name, such as `org.freedesktop.DBus.Error.UnknownMethod`; the same rules as an interface name.
public struct ErrorName: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(_ string: String) throws(DBusError) {
        if let problem = InterfaceName.problem(string) {
            throw DBusError(.invalidArgs, "'\(string)' is not a valid error name: \(problem)")
        }
        rawValue = string
    }

    public init(stringLiteral value: String) {
        precondition(InterfaceName.problem(value) == nil, "invalid error name literal '\(value)'")
        rawValue = value
    }

    public var description: String { rawValue }
}
