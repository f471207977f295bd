/// Reads the part of TOML (v1.0) that a configuration file needs: comments, `[section]` and
/// `[dotted.section]` headers, `key = value` with bare or quoted keys, basic and literal
/// strings, decimal integers and floats, booleans, and arrays (over several lines, with
/// comments and a trailing comma). What TOML has beyond that (multi-line strings, inline
/// tables, arrays of tables, dates, hexadecimal numbers) is refused by name rather than
/// misread. Stops at the first syntax error, with its line.
public struct TOMLParser {
    // Internal, not private: the string readers (TOMLParser+Strings.swift) move through them too.
    let bytes: [UInt8]
    var index = 0
    private var line = 1
    private var document = TOMLDocument()
    private var section: [String] = []
    /// Where each key and section was first defined, to refuse a second definition.
    private var defined: [[String]: Int] = [:]

    public static func parse(_ text: String) throws(TOMLSyntaxError) -> TOMLDocument {
        var parser = TOMLParser(bytes: Array(text.utf8))
        try parser.parseDocument()
        return parser.document
    }

    /// `text` as a number, if it is one and nothing else, by the file's rules (`1_000`, `+5`,
    /// `2e1`): a command line's number means what it would in the file.
    static func number(_ text: String) -> TOMLValue? {
        var parser = TOMLParser(bytes: Array(text.utf8))
        guard let value = try? parser.parseNumber(), parser.current == nil else { return nil }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    func peek(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

    func fail(_ message: String) -> TOMLSyntaxError { TOMLSyntaxError(line: line, message: message) }

    // MARK: Lines

    private mutating func parseDocument() throws(TOMLSyntaxError) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while true {
            skipBlanks()
            guard let byte = current else { return }
            switch byte {
            case UInt8(ascii: "#"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                try endOfLine()
            case UInt8(ascii: "["):
                try parseSectionHeader()
                try endOfLine()
            default:
                try parseKeyValue()
                try endOfLine()
            }
        }
    }

    private mutating func skipBlanks() {
        while let byte = current, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 }
    }

    /// After a header or a value: blanks, maybe a comment, then a newline or the end.
    private mutating func endOfLine() throws(TOMLSyntaxError) {
        skipBlanks()
        if current == UInt8(ascii: "#") {
            while let byte = current, byte != UInt8(ascii: "\n") {
                if byte < 0x20 && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\r") {
                    throw fail("a control character in a comment")
                }
                index += 1
            }
        }
        if current == UInt8(ascii: "\r"), peek(1) == UInt8(ascii: "\n") { index += 1 }
        guard let byte = current else { return }
        guard byte == UInt8(ascii: "\n") else { throw fail("expected the end of the line, found '\(describe(byte))'") }
        index += 1
        line += 1
    }

    private mutating func parseSectionHeader() throws(TOMLSyntaxError) {
        index += 1
        if current == UInt8(ascii: "[") {
            throw fail("arrays of tables ([[…]]) are not used in this file; write [section] headers")
        }
        skipBlanks()
        let key = try parseKey()
        skipBlanks()
        guard current == UInt8(ascii: "]") else { throw fail("expected ']' to close the section header") }
        index += 1
        if let first = defined[key] {
            throw fail("section [\(key.joined(separator: "."))] is already defined on line \(first)")
        }
        defined[key] = line
        section = key
        document.sections.append(.init(key: key, line: line))
    }

    private mutating func parseKeyValue() throws(TOMLSyntaxError) {
        let key = section + (try parseKey())
        skipBlanks()
        guard current == UInt8(ascii: "=") else {
            throw fail("expected '=' after the key '\(key.last ?? "")'")
        }
        index += 1
        skipBlanks()
        let startLine = line
        let value = try parseValue()
        if let first = defined[key] {
            throw TOMLSyntaxError(line: startLine, message: "'\(key.joined(separator: "."))' is already set on line \(first)")
        }
        defined[key] = startLine
        document.entries.append(.init(key: key, value: value, line: startLine))
    }

    // MARK: Keys

    /// A dotted key: parts separated by '.', each bare (`A-Za-z0-9_-`) or quoted.
    private mutating func parseKey() throws(TOMLSyntaxError) -> [String] {
        var parts: [String] = []
        while true {
            skipBlanks()
            switch current {
            case UInt8(ascii: "\""): parts.append(try parseBasicString())
            case UInt8(ascii: "'"): parts.append(try parseLiteralString())
            case let byte? where TOMLParser.isBareKeyByte(byte):
                let start = index
                while let byte = current, TOMLParser.isBareKeyByte(byte) { index += 1 }
                parts.append(String(decoding: bytes[start..<index], as: UTF8.self))
            case let byte?:
                throw fail("expected a key, found '\(describe(byte))'")
            case nil:
                throw fail("expected a key, found the end of the file")
            }
            skipBlanks()
            guard current == UInt8(ascii: ".") else { return parts }
            index += 1
        }
    }

    private static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    // MARK: Values

    private mutating func parseValue() throws(TOMLSyntaxError) -> TOMLValue {
        guard let byte = current else { throw fail("expected a value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "\""): return .string(try parseBasicString())
        case UInt8(ascii: "'"): return .string(try parseLiteralString())
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "{"): throw fail("inline tables ({…}) are not used in this file; write a [section]")
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            if matches("true") { index += 4; return .boolean(true) }
            if matches("false") { index += 5; return .boolean(false) }
            throw unquoted()
        case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "i"), UInt8(ascii: "n"):
            return try parseNumber()
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "#"):
            throw fail("expected a value after '='")
        case _ where TOMLParser.isBareKeyByte(byte):
            throw unquoted()
        default:
            throw fail("expected a value, found '\(describe(byte))'")
        }
    }

    /// A bare word where a value belongs: most likely a string without its quotes.
    private func unquoted() -> TOMLSyntaxError {
        let word = String(decoding: bytes[index...].prefix(while: TOMLParser.isBareKeyByte), as: UTF8.self)
        return fail("'\(word)' is not a value; strings need quotes (\"\(word)\"), booleans are true or false")
    }

    private func matches(_ word: String) -> Bool {
        let word = Array(word.utf8)
        guard index + word.count <= bytes.count, Array(bytes[index..<index + word.count]) == word else { return false }
        // "trueish" is not true.
        if let next = peek(word.count), TOMLParser.isBareKeyByte(next) { return false }
        return true
    }

    private mutating func parseArray() throws(TOMLSyntaxError) -> TOMLValue {
        index += 1
        var values: [TOMLValue] = []
        while true {
            try skipBlanksNewlinesAndComments()
            if current == UInt8(ascii: "]") {
                index += 1
                return .array(values)
            }
            values.append(try parseValue())
            try skipBlanksNewlinesAndComments()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): break
            case nil: throw fail("expected ']' to close the array, found the end of the file")
            case let byte?: throw fail("expected ',' or ']' in the array, found '\(describe(byte))'")
            }
        }
    }

    private mutating func skipBlanksNewlinesAndComments() throws(TOMLSyntaxError) {
        while true {
            skipBlanks()
            switch current {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "#"): try endOfLine()
            default: return
            }
        }
    }

    private mutating func parseNumber() throws(TOMLSyntaxError) -> TOMLValue {
        let start = index
        while let byte = current, TOMLParser.isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") {
            index += 1
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        let looksLikeDate = text.count > 4 && text.prefix(4).allSatisfy { $0.isASCII && $0.isNumber } && text.dropFirst(4).first == "-"
        if current == UInt8(ascii: ":") || looksLikeDate {
            throw fail("dates and times are not used in this file")
        }
        switch text {
        case "inf", "+inf": return .float(.infinity, written: text)
        case "-inf": return .float(-.infinity, written: text)
        case "nan", "+nan", "-nan": return .float(.nan, written: text)
        default: break
        }
        let unsigned = text.first == "+" || text.first == "-" ? text.dropFirst() : Substring(text)
        if unsigned.hasPrefix("0x") || unsigned.hasPrefix("0o") || unsigned.hasPrefix("0b") {
            throw fail("write numbers in decimal here, not '\(text)'")
        }
        guard TOMLParser.isWellFormedNumber(unsigned) else {
            if unsigned.first?.isLetter == true { index = start; throw unquoted() }
            throw fail("'\(text)' is not a number")
        }
        let digits = text.filter { $0 != "_" }
        if unsigned.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
            guard let value = Double(digits) else { throw fail("'\(text)' is not a number") }
            return .float(value, written: text)
        }
        // Past what 64 bits hold: not a syntax error but a value out of every key's range, which
        // the key's check reports, quoting it as written, with the file's other problems.
        guard let value = Int64(digits) else { return .integer(digits.hasPrefix("-") ? .min : .max, written: text) }
        return .integer(value, written: text)
    }

    /// TOML's decimal numbers: no leading zeros, each '_' between two digits, a digit on both
    /// sides of the '.', an exponent with digits.
    private static func isWellFormedNumber(_ text: Substring) -> Bool {
        let characters = Array(text)
        guard let first = characters.first, first.isASCII, first.isNumber else { return false }
        var previous: Character = " "
        var seenExponent = false
        for (offset, character) in characters.enumerated() {
            let next: Character = offset + 1 < characters.count ? characters[offset + 1] : " "
            switch character {
            case "0"..."9":
                break
            case "_":
                guard previous.isASCII, previous.isNumber, next.isASCII, next.isNumber else { return false }
            case ".":
                guard !seenExponent, previous.isASCII, previous.isNumber, next.isASCII, next.isNumber else { return false }
            case "e", "E":
                guard !seenExponent, previous.isASCII, previous.isNumber else { return false }
                seenExponent = true
            case "+", "-":
                guard previous == "e" || previous == "E", next.isASCII, next.isNumber else { return false }
            default:
                return false
            }
            previous = character
        }
        let integerPart = characters.prefix { $0 != "." && $0 != "e" && $0 != "E" }
        return !(integerPart.count > 1 && integerPart.first == "0")
    }
}
