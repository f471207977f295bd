import DBusTypes

/// The body of one of the contract's messages, a signal's arguments or a method's reply, as a
/// Swift value: declared once (``fields``, what introspection shows), encoded once
/// (``arguments``) and decoded once (``init(arguments:)``), for the daemon that sends it and
/// every client that reads it.
public protocol MessageBody {
    /// The arguments in order, with their names and types.
    static var fields: [Field] { get }
    /// The arguments to send, at the positions of ``fields``.
    var arguments: [Value] { get }
    /// Reads the arguments received; one missing or of another type fails with `InvalidArgs`
    /// naming it.
    init(arguments: [Value]) throws(DBusError)
}
