import DBusTypes

/// A Responder1 object's answer: whether it handled the event.
public struct ResponderReply: MessageBody, Hashable, Sendable {
    public var handled: Bool

    public init(handled: Bool) {
        self.handled = handled
    }

    public static let fields = [Field("handled", Bool.self)]

    public var arguments: [Value] { [handled.dbusValue] }

    public init(arguments: [Value]) throws(DBusError) {
        handled = try FieldReader(arguments, Self.fields, of: "a Responder1 reply")("handled")
    }
}
