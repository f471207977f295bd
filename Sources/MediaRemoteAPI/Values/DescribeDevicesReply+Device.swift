import DBusTypes

extension DescribeDevicesReply {
    /// One device, a structure `(sssbs)` on the bus.
    public struct Device: DBusConvertible, Hashable, Sendable {
        /// Its node, `/dev/input/event5`.
        public var path: String
        public var name: String
        /// `media device`, `keyboard`, `accelerometer` or `other`.
        public var classification: String
        /// Why mediaremoted does not read it; nil when it does.
        public var notReadBecause: String?

        public init(path: String, name: String, classification: String, notReadBecause: String?) {
            (self.path, self.name, self.classification, self.notReadBecause) = (path, name, classification, notReadBecause)
        }

        public var isRead: Bool { notReadBecause == nil }

        public static let fields = [
            Field("path", String.self), Field("name", String.self), Field("class", String.self), Field("read", Bool.self),
            Field("reason", String.self),
        ]

        public static var dbusType: SignatureType { fields.structure }

        /// Read is `true` and the reason "".
        public var dbusValue: Value {
            .structure([path.dbusValue, name.dbusValue, classification.dbusValue, isRead.dbusValue, (notReadBecause ?? "").dbusValue])
        }

        public init(dbusValue: Value) throws(DBusError) {
            let field = try FieldReader(structure: dbusValue, Self.fields, of: "a device")
            (path, name, classification) = (try field("path"), try field("name"), try field("class"))
            let reason: String = try field("reason")
            if try field("read", as: Bool.self) {
                guard reason.isEmpty else { throw .invalidArgs("a device that is read, with the reason '\(reason)'") }
                notReadBecause = nil
            } else {
                notReadBecause = reason
            }
        }
    }
}
