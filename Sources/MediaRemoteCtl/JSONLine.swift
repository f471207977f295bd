/// One JSON object on one line, keys in the order given: for `--json` output that scripts and
/// people can both read, without Foundation's reordering.
struct JSONLine {
    enum Field {
        case string(String)
        case number(UInt64)
        /// A number already written out in JSON's syntax, such as "9.62".
        case decimal(String)
        case bool(Bool)
        case object(JSONLine)
        case array([Field])
    }

    private var fields: [(String, Field)] = []

    init(_ fields: [(String, Field)] = []) { self.fields = fields }

    var text: String { "{" + fields.map { "\(JSONLine.quote($0.0)):\(JSONLine.render($0.1))" }.joined(separator: ",") + "}" }

    private static func render(_ field: Field) -> String {
        switch field {
        case .string(let text): quote(text)
        case .number(let number): "\(number)"
        case .decimal(let number): number
        case .bool(let flag): flag ? "true" : "false"
        case .object(let object): object.text
        case .array(let items): "[" + items.map(render).joined(separator: ",") + "]"
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
