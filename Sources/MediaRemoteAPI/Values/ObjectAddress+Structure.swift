import DBusTypes

/// A structure `(so)` where one value holds both, as the `FirstResponder` property does.
extension ObjectAddress: DBusConvertible {
    public static let fields = [Field("bus_name", String.self), Field("path", ObjectPath.self)]

    public static var dbusType: SignatureType { fields.structure }

    public var dbusValue: Value { .structure([busName.dbusValue, path.dbusValue]) }

    public init(dbusValue: Value) throws(DBusError) {
        let field = try FieldReader(structure: dbusValue, Self.fields, of: "an object's address")
        self.init(busName: try field("bus_name"), path: try field("path"))
    }
}
