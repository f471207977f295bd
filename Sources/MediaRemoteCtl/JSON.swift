/// A JSON value written on one line, object keys in the order given: for `--json` output that
/// scripts and people can both read, without Foundation's reordering. "None" is always
/// ``null``, never "" or 0 (``init(_:)`` for optionals).
enum JSON {
    case null
    case string(String)
    case number(UInt64)
    /// A number already written out in JSON's syntax, such as "9.62".
    case decimal(String)
    case bool(Bool)
    case object([(String, JSON)])
    case array([JSON])

    /// A string, or null when there is none.
    init(_ text: String?) { self = text.map(JSON.string) ?? .null }

    /// A number, or null when there is none.
    init(_ number: UInt64?) { self = number.map(JSON.number) ?? .null }

    var text: String {
        switch self {
        case .null: "null"
        case .string(let text): JSON.quote(text)
        case .number(let number): "\(number)"
        case .decimal(let number): number
        case .bool(let flag): flag ? "true" : "false"
        case .object(let fields): "{" + fields.map { "\(JSON.quote($0.0)):\($0.1.text)" }.joined(separator: ",") + "}"
        case .array(let items): "[" + items.map(\.text).joined(separator: ",") + "]"
        }
    }

    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

extension String {
    /// nil for the empty string: the service says "none" with "", JSON with null.
    var nonEmpty: String? { isEmpty ? nil : self }
}
