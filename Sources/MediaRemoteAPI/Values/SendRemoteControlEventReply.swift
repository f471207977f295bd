import DBusTypes

/// The reply of `SendRemoteControlEvent`: who handled the event, or nil when it was discarded
/// (its `EventDispatched` says why).
public struct SendRemoteControlEventReply: MessageBody, Hashable, Sendable {
    public var handledBy: ObjectAddress?

    public init(handledBy: ObjectAddress?) {
        self.handledBy = handledBy
    }

    public static let fields = [Field("handled", Bool.self), Field("bus_name", String.self), Field("path", ObjectPath.self)]

    /// Discarded is "" and "/", as in `EventDispatched`.
    public var arguments: [Value] {
        [.boolean(handledBy != nil), .string(handledBy?.busName ?? ""), .objectPath(handledBy?.path ?? .root)]
    }

    public init(arguments: [Value]) throws(DBusError) {
        let field = try FieldReader(arguments, Self.fields, of: "the SendRemoteControlEvent reply")
        let (busName, path): (String, ObjectPath) = (try field("bus_name"), try field("path"))
        if try field("handled", as: Bool.self) {
            handledBy = ObjectAddress(busName: busName, path: path)
        } else {
            guard busName.isEmpty, path == .root else {
                throw .invalidArgs("the SendRemoteControlEvent reply: a discarded event handled by '\(busName)' at \(path)")
            }
            handledBy = nil
        }
    }
}
