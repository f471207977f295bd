/// A D-Bus value: one case for every type of the wire format.
///
/// Containers carry their element types, so an empty array still has a signature.
/// Values built in code are checked when they are sent (``Value/problem``): an array whose
/// elements are not of its element type, or a string with a NUL byte, fails with
/// `InvalidArgs` instead of reaching libdbus, which would abort the process.
public indirect enum Value: Hashable, Sendable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case unixFD(UnixFileDescriptor)
    case string(String)
    case objectPath(ObjectPath)
    case signature(Signature)
    case array(SignatureType, [Value])
    case dictionary(key: SignatureType, value: SignatureType, [DictionaryEntry])
    case structure([Value])
    case variant(Value)

    /// One entry of a dictionary; entries keep the order they were sent in.
    public struct DictionaryEntry: Hashable, Sendable {
        public var key: Value
        public var value: Value
        public init(_ key: Value, _ value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// The value's complete type.
    public var type: SignatureType {
        switch self {
        case .byte: .byte
        case .boolean: .boolean
        case .int16: .int16
        case .uint16: .uint16
        case .int32: .int32
        case .uint32: .uint32
        case .int64: .int64
        case .uint64: .uint64
        case .double: .double
        case .unixFD: .unixFD
        case .string: .string
        case .objectPath: .objectPath
        case .signature: .signature
        case .array(let element, _): .array(element)
        case .dictionary(let key, let value, _): .dictionary(key: key, value: value)
        case .structure(let fields): .structure(fields.map(\.type))
        case .variant: .variant
        }
    }

    /// Why this value cannot be sent, or nil when it can: what the bus would reject (it
    /// disconnects a client that sends an invalid message) or libdbus would abort on.
    public var problem: String? {
        var depth = Nesting()
        return problem(&depth)
    }

    /// The specification's nesting limits: 32 arrays, 32 structures (and dictionary
    /// entries), 64 containers of any kind including variants.
    private struct Nesting {
        var arrays = 0
        var structures = 0
        var total = 0

        mutating func enter(array: Bool = false, structure: Bool = false) -> String? {
            if array { arrays += 1 }
            if structure { structures += 1 }
            total += 1
            if arrays > 32 { return "arrays are nested deeper than 32" }
            if structures > 32 { return "structures are nested deeper than 32" }
            if total > 64 { return "containers are nested deeper than 64" }
            return nil
        }
    }

    private func problem(_ outer: inout Nesting) -> String? {
        var depth = outer
        switch self {
        case .string(let string):
            return string.utf8.contains(0) ? "a string contains a NUL character" : nil
        case .array(let element, let items):
            if let problem = depth.enter(array: true) ?? Value.signatureProblem(element) { return problem }
            for item in items {
                if item.type != element { return "an array of '\(element)' holds a '\(item.type)'" }
                if let problem = item.problem(&depth) { return problem }
            }
            return nil
        case .dictionary(let key, let value, let entries):
            if !key.isBasic { return "a dictionary key must be a basic type, not '\(key)'" }
            if let problem = depth.enter(array: true, structure: true) ?? Value.signatureProblem(type) {
                return problem
            }
            for entry in entries {
                if entry.key.type != key { return "a dictionary with '\(key)' keys holds a '\(entry.key.type)' key" }
                if entry.value.type != value {
                    return "a dictionary of '\(value)' values holds a '\(entry.value.type)' value"
                }
                if let problem = entry.key.problem(&depth) ?? entry.value.problem(&depth) { return problem }
            }
            return nil
        case .structure(let fields):
            if fields.isEmpty { return "a structure must have at least one field" }
            if let problem = depth.enter(structure: true) { return problem }
            for field in fields {
                if let problem = field.problem(&depth) { return problem }
            }
            return nil
        case .variant(let inner):
            if let problem = depth.enter() ?? Value.signatureProblem(inner.type) { return problem }
            return inner.problem(&depth)
        default:
            return nil
        }
    }

    /// A container's type must itself be a valid signature: 255 bytes at most, within the
    /// nesting limits even when the container is empty.
    private static func signatureProblem(_ type: SignatureType) -> String? {
        do {
            _ = try Signature(type.description)
            return nil
        } catch {
            return error.message
        }
    }
}

extension Value {
    /// An `a{sv}` dictionary, the usual shape of property maps and metadata.
    public static func stringVariantDictionary(_ entries: [(String, Value)]) -> Value {
        .dictionary(key: .string, value: .variant, entries.map { DictionaryEntry(.string($0.0), .variant($0.1)) })
    }

    /// The content of a variant, or the value itself.
    public var unwrapped: Value {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }
}
