/// The body of a message as a Swift value: a method's arguments or its reply, or a signal's
/// arguments. Declared once (``fields``, what introspection shows), encoded once
/// (``arguments``) and decoded once (``init(arguments:)``), for the side that sends it and
/// every side that reads it. ``TypedMethod`` and ``TypedSignal`` name a member with its bodies.
public protocol MessageBody {
    /// The arguments in order, with their names and types.
    static var fields: [Field] { get }
    /// The arguments to send, at the positions of ``fields``.
    var arguments: [Value] { get }
    /// Reads the arguments received; one missing or of another type fails with `InvalidArgs`
    /// naming it.
    init(arguments: [Value]) throws(DBusError)
}

/// The body of a method that takes no arguments or answers none.
public struct NoArguments: MessageBody, Hashable, Sendable {
    public init() {}

    public static var fields: [Field] { [] }
    public var arguments: [Value] { [] }

    public init(arguments: [Value]) throws(DBusError) {
        _ = try FieldReader(arguments, Self.fields, of: "a body of no arguments")
    }
}

/// A body of one field, the commonest shape of an argument list or a reply: the type gives the
/// field's name and its value, and the encoding and decoding are written here once.
public protocol SingleFieldBody: MessageBody {
    associatedtype Content: DBusConvertible
    /// The field's name, as introspection shows it.
    static var fieldName: String { get }
    /// What an error names when the field cannot be read: "the Shift reply".
    static var owner: String { get }
    var content: Content { get }
    init(_ content: Content)
}

extension SingleFieldBody {
    public static var fields: [Field] { [Field(fieldName, Content.self)] }
    public var arguments: [Value] { [content.dbusValue] }

    public init(arguments: [Value]) throws(DBusError) {
        self.init(try FieldReader(arguments, Self.fields, of: Self.owner)(Self.fieldName))
    }
}
