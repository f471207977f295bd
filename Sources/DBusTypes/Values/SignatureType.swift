/// One complete D-Bus type, as a signature spells it: `i`, `as`, `a{sv}`, `(ii)`, `v`, …
public indirect enum SignatureType: Hashable, Sendable, CustomStringConvertible {
    case byte, boolean, int16, uint16, int32, uint32, int64, uint64, double, unixFD
    case string, objectPath, signature
    case variant
    case array(SignatureType)
    case dictionary(key: SignatureType, value: SignatureType)
    case structure([SignatureType])

    /// The type's code, as in a signature string.
    public var description: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .unixFD: "h"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .variant: "v"
        case .array(let element): "a\(element)"
        case .dictionary(let key, let value): "a{\(key)\(value)}"
        case .structure(let fields): "(\(fields.map(\.description).joined()))"
        }
    }

    /// Basic types may be dictionary keys; containers and variants may not.
    public var isBasic: Bool {
        switch self {
        case .variant, .array, .dictionary, .structure: false
        default: true
        }
    }

    /// The type parsed from a string holding exactly one complete type.
    public init(_ string: String) throws(DBusError) {
        let signature = try Signature(string)
        guard signature.types.count == 1 else {
            throw DBusError(.invalidSignature, "'\(string)' is not exactly one complete type")
        }
        self = signature.types[0]
    }
}
