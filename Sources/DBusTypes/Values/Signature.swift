/// A parsed signature: the types of a message's arguments or of a variant's content.
public struct Signature: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let types: [SignatureType]

    public init(_ types: [SignatureType]) {
        self.types = types
    }

    /// Parses and validates a signature string, by the rules of the D-Bus specification.
    public init(_ string: String) throws(DBusError) {
        var parser = SignatureParser(string)
        types = try parser.parseAll()
    }

    public init(stringLiteral value: String) {
        do {
            try self.init(value)
        } catch {
            preconditionFailure("invalid signature literal '\(value)': \(error.message)")
        }
    }

    public static let empty = Signature([])

    public var description: String { types.map(\.description).joined() }
}

/// A recursive-descent parser for signature strings, with the specification's limits:
/// 255 bytes, 32 nested arrays, 32 nested structures, dictionary entries only inside arrays
/// with a basic key, no empty structures.
struct SignatureParser {
    static let maximumLength = 255
    static let maximumDepth = 32

    private let bytes: [UInt8]
    private let text: String
    private var index = 0
    private var arrayDepth = 0
    private var structDepth = 0

    init(_ string: String) {
        text = string
        bytes = Array(string.utf8)
    }

    mutating func parseAll() throws(DBusError) -> [SignatureType] {
        guard bytes.count <= SignatureParser.maximumLength else {
            throw invalid("it is longer than \(SignatureParser.maximumLength) bytes")
        }
        var types: [SignatureType] = []
        while index < bytes.count {
            types.append(try parseOne())
        }
        return types
    }

    private func invalid(_ reason: String) -> DBusError {
        DBusError(.invalidSignature, "'\(text)' is not a valid signature: \(reason)")
    }

    private mutating func parseOne() throws(DBusError) -> SignatureType {
        guard index < bytes.count else { throw invalid("it ends in the middle of a type") }
        let code = bytes[index]
        index += 1
        switch code {
        case UInt8(ascii: "y"): return .byte
        case UInt8(ascii: "b"): return .boolean
        case UInt8(ascii: "n"): return .int16
        case UInt8(ascii: "q"): return .uint16
        case UInt8(ascii: "i"): return .int32
        case UInt8(ascii: "u"): return .uint32
        case UInt8(ascii: "x"): return .int64
        case UInt8(ascii: "t"): return .uint64
        case UInt8(ascii: "d"): return .double
        case UInt8(ascii: "h"): return .unixFD
        case UInt8(ascii: "s"): return .string
        case UInt8(ascii: "o"): return .objectPath
        case UInt8(ascii: "g"): return .signature
        case UInt8(ascii: "v"): return .variant
        case UInt8(ascii: "a"): return try parseArray()
        case UInt8(ascii: "("): return try parseStruct()
        case UInt8(ascii: "{"): throw invalid("a dictionary entry '{…}' may only stand inside an array")
        default: throw invalid("'\(Character(Unicode.Scalar(code)))' is not a type code")
        }
    }

    private mutating func parseArray() throws(DBusError) -> SignatureType {
        arrayDepth += 1
        defer { arrayDepth -= 1 }
        guard arrayDepth <= SignatureParser.maximumDepth else {
            throw invalid("arrays are nested deeper than \(SignatureParser.maximumDepth)")
        }
        guard index < bytes.count else { throw invalid("'a' has no element type") }
        if bytes[index] == UInt8(ascii: "{") {
            index += 1
            let key = try parseOne()
            guard key.isBasic else { throw invalid("a dictionary key must be a basic type, not '\(key)'") }
            guard index < bytes.count, bytes[index] != UInt8(ascii: "}") else {
                throw invalid("a dictionary entry must hold exactly a key and a value")
            }
            let value = try parseOne()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "}") else {
                throw invalid("a dictionary entry must hold exactly a key and a value")
            }
            index += 1
            return .dictionary(key: key, value: value)
        }
        return .array(try parseOne())
    }

    private mutating func parseStruct() throws(DBusError) -> SignatureType {
        structDepth += 1
        defer { structDepth -= 1 }
        guard structDepth <= SignatureParser.maximumDepth else {
            throw invalid("structures are nested deeper than \(SignatureParser.maximumDepth)")
        }
        var fields: [SignatureType] = []
        while true {
            guard index < bytes.count else { throw invalid("'(' is not closed") }
            if bytes[index] == UInt8(ascii: ")") {
                index += 1
                guard !fields.isEmpty else { throw invalid("a structure must have at least one field") }
                return .structure(fields)
            }
            fields.append(try parseOne())
        }
    }
}
