/// TOML's basic ("…", with escapes) and literal ('…') strings, and how a byte is named in an error.
extension TOMLParser {
    mutating func parseBasicString() throws(TOMLSyntaxError) -> String {
        if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
            throw fail("multi-line strings (\"\"\"…\"\"\") are not used in this file")
        }
        index += 1
        var scalars = String.UnicodeScalarView()
        var start = index
        // The text came as a String: its bytes are valid UTF-8.
        func flush(_ parser: TOMLParser, _ end: Int) {
            scalars.append(contentsOf: String(decoding: parser.bytes[start..<end], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard let byte = current, byte != UInt8(ascii: "\n") else { throw fail("the string has no closing '\"'") }
            switch byte {
            case UInt8(ascii: "\""):
                flush(self, index)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(self, index)
                scalars.append(try parseEscape())
                start = index
            case 0..<0x20 where byte != UInt8(ascii: "\t"), 0x7F:
                throw fail("a control character in a string; write it as an escape")
            default:
                index += 1
            }
        }
    }

    mutating func parseEscape() throws(TOMLSyntaxError) -> Unicode.Scalar {
        index += 1
        guard let byte = current else { throw fail("the string has no closing '\"'") }
        index += 1
        switch byte {
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = byte == UInt8(ascii: "u") ? 4 : 8
            guard index + count <= bytes.count,
                let code = UInt32(String(decoding: bytes[index..<index + count], as: UTF8.self), radix: 16),
                let scalar = Unicode.Scalar(code)
            else { throw fail("a \\\(Character(Unicode.Scalar(byte))) escape needs \(count) hexadecimal digits of a Unicode scalar") }
            index += count
            return scalar
        default:
            throw fail("unknown escape '\\\(describe(byte))' in a string")
        }
    }

    mutating func parseLiteralString() throws(TOMLSyntaxError) -> String {
        if peek(1) == UInt8(ascii: "'"), peek(2) == UInt8(ascii: "'") {
            throw fail("multi-line strings (''' … ''') are not used in this file")
        }
        index += 1
        let start = index
        while let byte = current, byte != UInt8(ascii: "'") {
            if byte == UInt8(ascii: "\n") { break }
            if byte < 0x20 && byte != UInt8(ascii: "\t") { throw fail("a control character in a string") }
            index += 1
        }
        guard current == UInt8(ascii: "'") else { throw fail("the string has no closing \"'\"") }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        index += 1
        return text
    }

    func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(Character(Unicode.Scalar(byte))) : "\\u{\(String(byte, radix: 16))}"
    }
}
