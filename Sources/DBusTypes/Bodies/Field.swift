/// One named, typed field of a message body or a structure: a method's argument, a signal's,
/// a structure's field, as introspection names it. Made from a Swift type, its type is that
/// type's own D-Bus type, so a declaration cannot say one type while the code decodes another.
public struct Field: Sendable {
    public let name: String
    public let type: SignatureType

    public init<T: DBusConvertible>(_ name: String, _ swiftType: T.Type) {
        self.name = name
        type = T.dbusType
    }

    /// A field of a type known only at run time: a table built from data (a test's echo
    /// object, a fuzzer's player).
    public init(_ name: String, type: SignatureType) {
        self.name = name
        self.type = type
    }
}

extension Array where Element == Field {
    /// The fields' types in order: a message's signature, or a structure's.
    public var signature: Signature { Signature(map(\.type)) }

    /// A structure of these fields, in order.
    public var structure: SignatureType { .structure(map(\.type)) }
}
