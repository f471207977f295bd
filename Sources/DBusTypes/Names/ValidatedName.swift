/// The shape every D-Bus name shares: a string checked once, when the name is made, by the
/// specification's rules for its kind. A string from outside that breaks them fails with
/// `InvalidArgs` and a sentence saying why; a literal in code that breaks them is a
/// programming error.
///
/// A conforming type holds `rawValue`, says what it is called and how it is checked, and writes
/// its two initializers with ``validated(_:)`` and ``validatedLiteral(_:)``; comparing and
/// printing come from here.
public protocol ValidatedName: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    var rawValue: String { get }
    /// What the name is called in a sentence: `bus name`.
    static var kind: String { get }
    /// Why `string` is not a valid name of this kind, or nil when it is.
    static func problem(_ string: String) -> String?
}

extension ValidatedName {
    /// `string` when it is a valid name of this kind; otherwise `InvalidArgs` saying why.
    static func validated(_ string: String) throws(DBusError) -> String {
        if let problem = problem(string) {
            throw DBusError(.invalidArgs, "'\(string)' is not a valid \(kind): \(problem)")
        }
        return string
    }

    /// `value`, a literal written in code, which must be valid.
    static func validatedLiteral(_ value: String) -> String {
        precondition(problem(value) == nil, "invalid \(kind) literal '\(value)'")
        return value
    }

    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
