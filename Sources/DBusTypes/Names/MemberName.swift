/// A method, signal or property name, such as `PlayPause`.
public struct MemberName: ValidatedName {
    public let rawValue: String

    public init(_ string: String) throws(DBusError) { rawValue = try Self.validated(string) }

    public init(stringLiteral value: String) { rawValue = Self.validatedLiteral(value) }

    public static let kind = "member name"

    public static func problem(_ string: String) -> String? {
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
