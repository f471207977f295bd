import DBusTypes

extension MediaRemoteProperties {
    /// One player of the `Players` property, a structure `(ssb)` on the bus.
    public struct Player: DBusConvertible, Hashable, Sendable {
        /// Its well-known name.
        public var name: BusName
        /// Its `PlaybackStatus`: `Playing`, `Paused` or `Stopped`.
        public var status: String
        public var receiving: Bool

        public init(name: BusName, status: String, receiving: Bool) {
            (self.name, self.status, self.receiving) = (name, status, receiving)
        }

        public static let fields = [Field("name", BusName.self), Field("status", String.self), Field("receiving", Bool.self)]

        public static var dbusType: SignatureType { fields.structure }

        public var dbusValue: Value { .structure([name.dbusValue, status.dbusValue, receiving.dbusValue]) }

        public init(dbusValue: Value) throws(DBusError) {
            let field = try FieldReader(structure: dbusValue, Self.fields, of: "a player")
            self.init(name: try field("name"), status: try field("status"), receiving: try field("receiving"))
        }
    }
}
