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
        let handler = ObjectAddress.parts(handledBy)
        return [.boolean(handledBy != nil), .string(handler.busName), .objectPath(handler.path)]
    }

    public init(arguments: [Value]) throws(DBusError) {
        let field = try FieldReader(arguments, Self.fields, of: "the SendRemoteControlEvent reply")
        let body = "the SendRemoteControlEvent reply"
        handledBy = try ObjectAddress.read(busName: try field("bus_name"), path: try field("path"), of: body)
        guard try field("handled", as: Bool.self) == (handledBy != nil) else {
            throw .invalidArgs("\(body): 'handled' says \(handledBy == nil) but the handler is \(handledBy?.description ?? "none")")
        }
    }
}
