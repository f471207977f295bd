import DBusTypes

extension DescribeStateReply {
    /// A seek held now, an `a{sv}` dictionary on the bus: which way, what began it, who handles
    /// it (and gets its end), since when, and when it ends by itself if no end comes.
    public struct Seek: DBusConvertible, Hashable, Sendable {
        /// The subtype that began it: `beginSeekingForward` or `beginSeekingBackward`.
        public var direction: String
        /// What began it, as `EventDispatched`'s source: `key`, `headset`, `api`.
        public var source: String
        /// Who handles it.
        public var handler: ObjectAddress
        /// When it began, CLOCK_MONOTONIC microseconds.
        public var since: UInt64
        /// When it ends by itself if no end comes (a seek a call began), CLOCK_MONOTONIC
        /// microseconds; nil for one a key holds.
        public var endsBy: UInt64?

        public init(direction: String, source: String, handler: ObjectAddress, since: UInt64, endsBy: UInt64?) {
            (self.direction, self.source, self.handler, self.since, self.endsBy) = (direction, source, handler, since, endsBy)
        }

        public static var dbusType: SignatureType { [String: Value].dbusType }

        /// No end by itself is 0 on the bus.
        public var dbusValue: Value {
            .stringVariantDictionary([
                ("direction", direction.dbusValue), ("source", source.dbusValue), ("bus_name", handler.busName.dbusValue),
                ("path", handler.path.dbusValue), ("since", since.dbusValue), ("ends_by", (endsBy ?? 0).dbusValue),
            ])
        }

        public init(dbusValue: Value) throws(DBusError) {
            let field = try FieldReader(dictionary: dbusValue, of: "a seek in progress")
            (direction, source) = (try field("direction"), try field("source"))
            handler = ObjectAddress(busName: try field("bus_name"), path: try field("path"))
            let (began, ends): (UInt64, UInt64) = (try field("since"), try field("ends_by"))
            (since, endsBy) = (began, ends == 0 ? nil : ends)
        }
    }
}
