import DBusTypes

/// One named, typed field of a value the contract carries: a signal's argument or a
/// structure's field, named as the interface's XML names it. Its type is the Swift type's own
/// D-Bus type, so the declaration cannot say one type while the code decodes another.
public struct Field: Sendable {
    public let name: String
    public let type: SignatureType

    public init<T: DBusConvertible>(_ name: String, _ swiftType: T.Type) {
        self.name = name
        type = T.dbusType
    }
}

extension Array where Element == Field {
    /// The fields' types in order: a signal's signature, or a structure's.
    public var signature: Signature { Signature(map(\.type)) }

    /// A structure of these fields, in order.
    public var structure: SignatureType { .structure(map(\.type)) }
}
