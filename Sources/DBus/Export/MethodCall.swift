import DBusTypes

/// A method call on an exported object, answered exactly once with ``reply(_:)`` or ``fail(_:)``.
public final class MethodCall {
    public let message: Message
    let method: Method
    private weak var connection: Connection?
    private var isAnswered = false

    init(message: Message, method: Method, connection: Connection) {
        self.message = message
        self.method = method
        self.connection = connection
    }

    deinit {
        if !isAnswered {
            fail(.failed("\(method.name) ended without an answer"))
        }
    }

    /// The caller's unique name.
    public var sender: BusName? { message.sender }
    public var arguments: [Value] { message.arguments }

    /// Answers with the method's output values; values that do not match the declared output
    /// signature become a `Failed` error instead of a reply the caller cannot read.
    public func reply(_ values: [Value] = []) {
        let signature = Signature(values.map(\.type))
        guard signature == method.outputSignature else {
            fail(.failed("\(method.name) produced '\(signature)' instead of '\(method.outputSignature)'"))
            return
        }
        answer(message.methodReturn(values))
    }

    public func fail(_ error: DBusError) {
        answer(message.errorReply(error))
    }

    private func answer(_ reply: Message) {
        guard !isAnswered else { return }
        isAnswered = true
        guard !message.noReplyExpected, let connection else { return }
        do {
            try connection.send(reply)
        } catch {
            // A reply that cannot be encoded (a NUL in a string, say) still gets an answer.
            if reply.kind != .error { _ = try? connection.send(message.errorReply(.failed(error.message))) }
        }
    }
}
