import DBusTypes

extension ObjectAddress {
    /// An address or none in one structure `(so)`, as the `FirstResponder` property holds it:
    /// none is "" and "/" (``parts(_:)``).
    public struct OrNone: DBusConvertible, Hashable, Sendable {
        public var address: ObjectAddress?

        public init(_ address: ObjectAddress?) { self.address = address }

        public static let fields = [Field("bus_name", String.self), Field("path", ObjectPath.self)]

        public static var dbusType: SignatureType { fields.structure }

        public var dbusValue: Value {
            let (busName, path) = ObjectAddress.parts(address)
            return .structure([busName.dbusValue, path.dbusValue])
        }

        public init(dbusValue: Value) throws(DBusError) {
            let field = try FieldReader(structure: dbusValue, Self.fields, of: "an object's address")
            address = try ObjectAddress.read(busName: try field("bus_name"), path: try field("path"), of: "an object's address")
        }
    }
}
