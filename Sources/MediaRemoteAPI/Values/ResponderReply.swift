import DBusTypes

/// A Responder1 object's answer: whether it handled the event.
public struct ResponderReply: SingleFieldBody, Hashable, Sendable {
    public var handled: Bool

    public init(handled: Bool) {
        self.handled = handled
    }

    public init(_ content: Bool) { handled = content }
    public var content: Bool { handled }
    public static var fieldName: String { "handled" }
    public static var owner: String { "a Responder1 reply" }
}
