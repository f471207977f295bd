/// An object path, such as `/org/mpris/MediaPlayer2`.
public struct ObjectPath: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(_ string: String) throws(DBusError) {
        if let problem = ObjectPath.problem(string) {
            throw DBusError(.invalidArgs, "'\(string)' is not a valid object path: \(problem)")
        }
        rawValue = string
    }

    public init(stringLiteral value: String) {
        precondition(ObjectPath.problem(value) == nil, "invalid object path literal '\(value)'")
        rawValue = value
    }

    public static let root: ObjectPath = "/"

    public var description: String { rawValue }
    public static func < (lhs: ObjectPath, rhs: ObjectPath) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The path's elements: `/a/b` → `["a", "b"]`; the root has none.
    public var elements: [Substring] { rawValue.split(separator: "/") }

    /// True when `self` lies strictly below `ancestor`.
    public func isDescendant(of ancestor: ObjectPath) -> Bool {
        if ancestor == .root { return self != .root }
        return rawValue.hasPrefix(ancestor.rawValue + "/")
    }

    static func problem(_ string: String) -> String? {
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
