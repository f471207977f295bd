import DBusTypes

extension DescribeStateReply {
    /// One link of the chain, an `a{sv}` dictionary on the bus.
    public struct Link: DBusConvertible, Hashable, Sendable {
        public var kind: Kind
        /// Where the event is delivered.
        public var destination: ObjectAddress
        /// The unique name of the app it belongs to.
        public var app: BusName
        /// A shake action's action, as `shake.action` in the configuration; nil for the other kinds.
        public var action: String?

        public init(kind: Kind, destination: ObjectAddress, app: BusName, action: String? = nil) {
            (self.kind, self.destination, self.app, self.action) = (kind, destination, app, action)
        }

        public static var dbusType: SignatureType { [String: Value].dbusType }

        public var dbusValue: Value {
            .stringVariantDictionary(
                [
                    ("kind", kind.dbusValue), ("bus_name", destination.busName.dbusValue), ("app", app.dbusValue),
                    ("path", destination.path.dbusValue),
                ] + (action.map { [("action", $0.dbusValue)] } ?? []))
        }

        /// A shake action must say which action; no other kind carries one.
        public init(dbusValue: Value) throws(DBusError) {
            let field = try FieldReader(dictionary: dbusValue, of: "a chain link")
            kind = try field("kind")
            destination = ObjectAddress(busName: try field("bus_name"), path: try field("path"))
            app = try field("app")
            action = kind == .shakeAction ? try field("action") : nil
        }
    }
}

extension DescribeStateReply.Link {
    /// What a link is. Closed, unlike the reasons and subtypes a client prints as they come: a
    /// new kind would be a link of another shape, which this client could not show.
    public enum Kind: String, DBusConvertible, CaseIterable, Hashable, Sendable {
        /// A Responder1 object.
        case responder
        /// An app's MPRIS player.
        case player
        /// The shake action MediaRemote applies to a player when nobody handled a shake.
        case shakeAction = "shake_action"

        public static var dbusType: SignatureType { .string }
        public var dbusValue: Value { .string(rawValue) }

        public init(dbusValue: Value) throws(DBusError) {
            let text = try String(dbusValue: dbusValue)
            guard let kind = Self(rawValue: text) else {
                throw .invalidArgs("'\(text)' is not one of \(Self.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self = kind
        }
    }
}
