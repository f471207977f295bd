import DBusTypes

/// A property the proxy shows as its target's: its member's name and D-Bus type, the value it
/// has when there is no target (or the target's is of another type), and whether a `Set` of it
/// goes through to the target. Made from a typed member, so one table lists properties of
/// several types.
struct MirroredProperty: Sendable {
    let name: MemberName
    let type: SignatureType
    let fallback: Value
    let isWritable: Bool

    init<Content>(_ property: TypedProperty<Content>, fallback: Content, writable: Bool = false) {
        (name, type, self.fallback, isWritable) = (property.name, Content.dbusType, fallback.dbusValue, writable)
    }

    /// Its value in the target's `properties` as the target sent it, or the fallback.
    func value(in properties: [String: Value]) -> Value {
        properties.property(name, ofType: type) ?? fallback
    }
}
