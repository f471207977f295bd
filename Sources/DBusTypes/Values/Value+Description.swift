extension Value: CustomStringConvertible {
    /// A compact, readable form in the style of GVariant's text format: `[1, 2]`,
    /// `{'a': <1>}`, `('x', true)`, `<'v'>`, `objectpath '/a'`.
    public var description: String {
        switch self {
        case .byte(let v): "byte \(v)"
        case .boolean(let v): "\(v)"
        case .int16(let v): "int16 \(v)"
        case .uint16(let v): "uint16 \(v)"
        case .int32(let v): "\(v)"
        case .uint32(let v): "uint32 \(v)"
        case .int64(let v): "int64 \(v)"
        case .uint64(let v): "uint64 \(v)"
        case .double(let v): "\(v)"
        case .unixFD(let fd): "handle \(fd.rawValue)"
        case .string(let s): "'\(s)'"
        case .objectPath(let p): "objectpath '\(p)'"
        case .signature(let s): "signature '\(s)'"
        case .array(let element, let items):
            items.isEmpty ? "@a\(element) []" : "[\(items.map(\.description).joined(separator: ", "))]"
        case .dictionary(let key, let value, let entries):
            entries.isEmpty
                ? "@a{\(key)\(value)} {}"
                : "{\(entries.map { "\($0.key): \($0.value)" }.joined(separator: ", "))}"
        case .structure(let fields): "(\(fields.map(\.description).joined(separator: ", ")))"
        case .variant(let inner): "<\(inner)>"
        }
    }
}
