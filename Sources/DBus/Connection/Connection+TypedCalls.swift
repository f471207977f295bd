import DBusTypes

/// Calls to a ``TypedMethod``: the arguments are its input, and the reply is read as its
/// output, so a peer whose reply does not read as the contract says is an `UnreadableReply`
/// error naming the field (never a default value, nor mistaken for an error the peer sent).
extension Message {
    /// A call of `method` with `input`.
    public static func methodCall<Input, Output>(
        _ method: TypedMethod<Input, Output>, _ input: Input,
        destination: BusName, path: ObjectPath, interface: InterfaceName
    ) -> Message {
        .methodCall(destination: destination, path: path, interface: interface, member: method.name, arguments: input.arguments)
    }
}

extension Result where Success == Message, Failure == DBusError {
    /// The reply read as `Output`.
    func reading<Output: MessageBody>(_ output: Output.Type) -> Result<Output, DBusError> {
        flatMap { message in Result<Output, DBusError> { () throws(DBusError) in try Output(readingReply: message) } }
    }
}

extension MessageBody {
    /// A reply's arguments read as this body; one that does not read is `UnreadableReply`,
    /// with the sentence naming the field.
    init(readingReply reply: Message) throws(DBusError) {
        do {
            try self.init(arguments: reply.arguments)
        } catch {
            throw DBusError(.unreadableReply, error.message)
        }
    }
}

extension Connection {
    /// Calls `method` and calls `reply` on the loop with its output or the error. Never blocks.
    @discardableResult
    public func call<Input, Output>(
        _ method: TypedMethod<Input, Output>, _ input: Input,
        destination: BusName, path: ObjectPath, interface: InterfaceName,
        timeout: Duration = Connection.defaultTimeout,
        reply: @escaping (Result<Output, DBusError>) -> Void
    ) -> PendingCall {
        call(.methodCall(method, input, destination: destination, path: path, interface: interface), timeout: timeout) { result in
            reply(result.reading(Output.self))
        }
    }

    /// Calls `method` and waits for its output, blocking the thread: for command-line tools
    /// and start-up, never from a running daemon's handler.
    public func callBlocking<Input, Output>(
        _ method: TypedMethod<Input, Output>, _ input: Input,
        destination: BusName, path: ObjectPath, interface: InterfaceName,
        timeout: Duration = Connection.defaultTimeout
    ) throws(DBusError) -> Output {
        let message = try callBlocking(.methodCall(method, input, destination: destination, path: path, interface: interface), timeout: timeout)
        return try Output(readingReply: message)
    }
}

extension CallQueue {
    /// Calls `method` in `destination`'s line (``call(_:timeout:reply:)``), reading the reply
    /// as its output.
    public func call<Input, Output>(
        _ method: TypedMethod<Input, Output>, _ input: Input,
        destination: BusName, path: ObjectPath, interface: InterfaceName,
        timeout: Duration = Connection.defaultTimeout,
        reply: @escaping (Result<Output, DBusError>) -> Void
    ) {
        call(.methodCall(method, input, destination: destination, path: path, interface: interface), timeout: timeout) { result in
            reply(result.reading(Output.self))
        }
    }
}
