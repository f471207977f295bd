/// A bus name: a connection's unique name (`:1.42`) or a well-known name (`org.mpris.MediaPlayer2.vlc`).
public struct BusName: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(_ string: String) throws(DBusError) {
        if let problem = BusName.problem(string) {
            throw DBusError(.invalidArgs, "'\(string)' is not a valid bus name: \(problem)")
        }
        rawValue = string
    }

    /// For names written in code; an invalid literal is a programming error.
    public init(stringLiteral value: String) {
        precondition(BusName.problem(value) == nil, "invalid bus name literal '\(value)'")
        rawValue = value
    }

    /// True for a connection's unique name (`:1.42`), which the bus assigns.
    public var isUnique: Bool { rawValue.hasPrefix(":") }

    public var description: String { rawValue }

    public static func < (lhs: BusName, rhs: BusName) -> Bool { lhs.rawValue < rhs.rawValue }

    public static let bus: BusName = "org.freedesktop.DBus"

    static func problem(_ string: String) -> String? {
        if string.hasPrefix(":") {
            return NameRules.dottedNameProblem(String(string.dropFirst()), allowHyphen: true, allowLeadingDigit: true)
        }
        return NameRules.dottedNameProblem(string, allowHyphen: true, allowLeadingDigit: false)
    }
}
