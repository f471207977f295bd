/// A value in a TOML file, as far as MediaRemote's configuration uses TOML: strings, numbers,
/// booleans and arrays of them. A number keeps its text as written (`1_000`, `+5`, `1e3`), so
/// that a message about it quotes the person's words rather than the number read.
public enum TOMLValue: Equatable, Sendable {
    case string(String)
    case integer(Int64, written: String)
    case float(Double, written: String)
    case boolean(Bool)
    case array([TOMLValue])

    /// What kind of value it is, for messages ("a string", "an integer").
    public var kind: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a number with a fraction"
        case .boolean: "true or false"
        case .array: "an array"
        }
    }
}

/// A parsed file: every `key = value` with its full dotted key (section included) and its
/// line, in file order, and every `[section]` header with its line.
public struct TOMLDocument: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        /// The section's keys, then the key's own: `[shake] action = …` is ["shake", "action"].
        public let key: [String]
        public let value: TOMLValue
        public let line: Int
    }

    public struct Section: Equatable, Sendable {
        public let key: [String]
        public let line: Int
    }

    public internal(set) var entries: [Entry] = []
    public internal(set) var sections: [Section] = []
}

/// A syntax error: where, and what was expected.
public struct TOMLSyntaxError: Error, Equatable, Sendable {
    public let line: Int
    public let message: String
}
