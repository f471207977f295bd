/// An object path, such as `/org/mpris/MediaPlayer2`.
public struct ObjectPath: ValidatedName {
    public let rawValue: String

    public init(_ string: String) throws(DBusError) { rawValue = try Self.validated(string) }

    public init(stringLiteral value: String) { rawValue = Self.validatedLiteral(value) }

    public static let root: ObjectPath = "/"

    /// The path's elements: `/a/b` → `["a", "b"]`; the root has none.
    public var elements: [Substring] { rawValue.split(separator: "/") }

    /// True when `self` lies strictly below `ancestor`.
    public func isDescendant(of ancestor: ObjectPath) -> Bool {
        if ancestor == .root { return self != .root }
        return rawValue.hasPrefix(ancestor.rawValue + "/")
    }

    public static let kind = "object path"

    public static func problem(_ string: String) -> String? {
        let bytes = Array(string.utf8)
        guard bytes.first == 0x2F else { return "it must start with '/'" }
        if bytes.count == 1 { return nil }
        if bytes.last == 0x2F { return "it must not end with '/'" }
        for element in bytes.dropFirst().split(separator: 0x2F, omittingEmptySubsequences: false) {
            if element.isEmpty { return "it contains an empty element ('//')" }
            for c in element where !NameRules.isElementCharacter(c) {
                return "it contains '\(Character(Unicode.Scalar(c)))'; only [A-Za-z0-9_] and '/' are allowed"
            }
        }
        return nil
    }
}
