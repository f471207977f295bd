import DBusTypes

/// A property looked up in a player's property map (`GetAll`'s reply, `PropertiesChanged`'s
/// changes, what the tracker keeps): there only when it is there with its type, so a strange
/// player's value of another type reads as none, never as a failure.
extension TypedProperty {
    /// Its value as the player sent it (a `Metadata`'s entries in their order, as they came).
    func dbusValue(in properties: [String: Value]) -> Value? {
        properties.property(name, ofType: Content.dbusType)
    }

    /// Its value as a Swift value.
    func value(in properties: [String: Value]) -> Content? {
        dbusValue(in: properties).flatMap { try? Content(dbusValue: $0) }
    }
}

extension [String: Value] {
    /// The property `name`, as sent, when it is there with `type`: the one rule for both the
    /// typed members and the proxy's table, which lists properties of several types.
    func property(_ name: MemberName, ofType type: SignatureType) -> Value? {
        guard let value = self[name.rawValue], value.type == type else { return nil }
        return value
    }
}
