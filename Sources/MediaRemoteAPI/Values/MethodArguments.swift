import DBusTypes

// The one-field bodies of `org.mediaremote.MediaRemote1`'s methods, named as the XML names them.

/// `BecomeFirstResponder`'s and `ResignFirstResponder`'s argument: an object on the caller's
/// own connection.
public struct ResponderPath: SingleFieldBody, Hashable, Sendable {
    public var content: ObjectPath
    public init(_ content: ObjectPath) { self.content = content }
    public static var fieldName: String { "path" }
    public static var owner: String { "the responder's path" }
}

/// `BecomeFirstResponder`'s and `ResignFirstResponder`'s reply.
public struct Success: SingleFieldBody, Hashable, Sendable {
    public var content: Bool
    public init(_ content: Bool) { self.content = content }
    public static var fieldName: String { "success" }
    public static var owner: String { "the reply" }
}

/// `SendRemoteControlEvent`'s and `SimulateMotion`'s argument: an event subtype's name.
public struct SubtypeArgument: SingleFieldBody, Hashable, Sendable {
    public var content: String
    public init(_ content: String) { self.content = content }
    public static var fieldName: String { "subtype" }
    public static var owner: String { "the subtype" }
}
