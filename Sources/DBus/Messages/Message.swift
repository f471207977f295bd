import DBusTypes

/// A D-Bus message with its header fields and decoded arguments; a plain value, with no
/// pointer into libdbus.
public struct Message: Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case methodCall = "method_call"
        case methodReturn = "method_return"
        case error
        case signal
    }

    public var kind: Kind
    public var serial: UInt32 = 0
    public var replySerial: UInt32?
    public var path: ObjectPath?
    public var interface: InterfaceName?
    public var member: MemberName?
    public var errorName: ErrorName?
    public var destination: BusName?
    public var sender: BusName?
    public var arguments: [Value]
    public var noReplyExpected = false

    public init(kind: Kind, arguments: [Value] = []) {
        self.kind = kind
        self.arguments = arguments
    }

    /// The signature of the arguments.
    public var signature: Signature { Signature(arguments.map(\.type)) }

    public static func methodCall(
        destination: BusName?,
        path: ObjectPath,
        interface: InterfaceName?,
        member: MemberName,
        arguments: [Value] = []
    ) -> Message {
        var message = Message(kind: .methodCall, arguments: arguments)
        message.destination = destination
        message.path = path
        message.interface = interface
        message.member = member
        return message
    }

    public static func signal(
        path: ObjectPath,
        interface: InterfaceName,
        member: MemberName,
        arguments: [Value] = [],
        destination: BusName? = nil
    ) -> Message {
        var message = Message(kind: .signal, arguments: arguments)
        message.path = path
        message.interface = interface
        message.member = member
        message.destination = destination
        return message
    }

    /// The return for this method call.
    public func methodReturn(_ arguments: [Value] = []) -> Message {
        var reply = Message(kind: .methodReturn, arguments: arguments)
        reply.replySerial = serial
        reply.destination = sender
        return reply
    }

    /// The error reply for this method call.
    public func errorReply(_ error: DBusError) -> Message {
        var reply = Message(kind: .error, arguments: [.string(error.message)])
        reply.replySerial = serial
        reply.destination = sender
        reply.errorName = error.name
        return reply
    }

    /// For an error reply, the error it carries.
    public var error: DBusError? {
        guard kind == .error, let errorName else { return nil }
        if case .string(let text)? = arguments.first { return DBusError(errorName, text) }
        return DBusError(errorName, "")
    }

    public var description: String {
        var parts = [kind.rawValue]
        if let sender { parts.append("sender=\(sender)") }
        if let destination { parts.append("destination=\(destination)") }
        if let path { parts.append("path=\(path)") }
        if let interface { parts.append("interface=\(interface)") }
        if let member { parts.append("member=\(member)") }
        if let errorName { parts.append("error_name=\(errorName)") }
        parts.append("signature='\(signature)'")
        return parts.joined(separator: " ")
    }
}
