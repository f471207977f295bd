/// A method, signal or property name, such as `PlayPause`.
public struct MemberName: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(_ string: String) throws(DBusError) {
        if let problem = MemberName.problem(string) {
            throw DBusError(.invalidArgs, "'\(string)' is not a valid member name: \(problem)")
        }
        rawValue = string
    }

    public init(stringLiteral value: String) {
        precondition(MemberName.problem(value) == nil, "invalid member name literal '\(value)'")
        rawValue = value
    }

    public var description: String { rawValue }
    public static func < (lhs: MemberName, rhs: MemberName) -> Bool { lhs.rawValue < rhs.rawValue }

    static func problem(_ string: String) -> String? {
        let bytes = Array(string.utf8)
        guard let first = bytes.first else { return "it is empty" }
        if bytes.count > NameRules.maximumLength { return "it is longer than \(NameRules.maximumLength) bytes" }
        if NameRules.isDigit(first) { return "it starts with a digit" }
        for c in bytes where !NameRules.isElementCharacter(c) {
            return "it contains '\(Character(Unicode.Scalar(c)))', which is not allowed"
        }
        return nil
    }
}
