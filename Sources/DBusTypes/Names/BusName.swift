/// A bus name: a connection's unique name (`:1.42`) or a well-known name (`org.mpris.MediaPlayer2.vlc`).
public struct BusName: ValidatedName {
    public let rawValue: String

    public init(_ string: String) throws(DBusError) { rawValue = try Self.validated(string) }

    /// For names written in code; an invalid literal is a programming error.
    public init(stringLiteral value: String) { rawValue = Self.validatedLiteral(value) }

    /// True for a connection's unique name (`:1.42`), which the bus assigns.
    public var isUnique: Bool { rawValue.hasPrefix(":") }

    public static let bus: BusName = "org.freedesktop.DBus"

    public static let kind = "bus name"

    public static func problem(_ string: String) -> String? {
        if string.hasPrefix(":") {
            return NameRules.dottedNameProblem(String(string.dropFirst()), allowHyphen: true, allowLeadingDigit: true)
        }
        return NameRules.dottedNameProblem(string, allowHyphen: true, allowLeadingDigit: false)
    }
}
