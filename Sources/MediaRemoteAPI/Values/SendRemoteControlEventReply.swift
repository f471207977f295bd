import DBusTypes

/// The reply of `SendRemoteControlEvent`: who handled the event; or who was sent it and did not
/// answer in time (it may still act on it: the event went to nobody else); or neither, when it
/// was discarded (its `EventDispatched` says why).
public struct SendRemoteControlEventReply: MessageBody, Hashable, Sendable {
    public var handledBy: ObjectAddress?
    public var unansweredBy: ObjectAddress?

    public init(handledBy: ObjectAddress?, unansweredBy: ObjectAddress? = nil) {
        (self.handledBy, self.unansweredBy) = (handledBy, handledBy == nil ? unansweredBy : nil)
    }

    public static let fields = [Field("handled", Bool.self), Field("bus_name", String.self), Field("path", ObjectPath.self)]

    /// Discarded is "" and "/", as in `EventDispatched`; not answered is false with who was sent it.
    public var arguments: [Value] {
        let handler = ObjectAddress.parts(handledBy ?? unansweredBy)
        return [.boolean(handledBy != nil), .string(handler.busName), .objectPath(handler.path)]
    }

    public init(arguments: [Value]) throws(DBusError) {
        let field = try FieldReader(arguments, Self.fields, of: "the SendRemoteControlEvent reply")
        let body = "the SendRemoteControlEvent reply"
        let who = try ObjectAddress.read(busName: try field("bus_name"), path: try field("path"), of: body)
        switch (try field("handled", as: Bool.self), who) {
        case (true, nil): throw .invalidArgs("\(body): 'handled' is true but names no handler")
        case (true, let who?): (handledBy, unansweredBy) = (who, nil)
        case (false, let who): (handledBy, unansweredBy) = (nil, who)
        }
    }
}
