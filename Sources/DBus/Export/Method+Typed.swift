import DBusTypes

/// Methods declared by a ``TypedMethod``: the table's signature, the check of a call's
/// arguments and the reply all come from the handler's Swift types, so a handler that reads an
/// argument the method does not have, or answers what it does not declare, does not compile.
extension Method {
    /// A method that answers at once with its output, or with the error it throws (a
    /// `DBusError` as it is; any other error as `Failed`). `sender` is the caller's unique name.
    public init<Input, Output>(
        _ member: TypedMethod<Input, Output>,
        handler: @escaping (_ input: Input, _ sender: BusName?) throws -> Output
    ) {
        self.init(name: member.name, inputs: Input.fields, outputs: Output.fields) { call in
            do {
                call.reply(try handler(try Input(arguments: call.arguments), call.sender).arguments)
            } catch {
                call.fail(DBusError(describing: error))
            }
        }
    }

    /// A method that answers later: the handler keeps the ``TypedCall`` and answers it when it
    /// can. A call dropped without an answer is answered with `Failed`.
    public static func deferred<Input, Output>(
        _ member: TypedMethod<Input, Output>,
        handler: @escaping (_ input: Input, _ call: TypedCall<Output>) -> Void
    ) -> Method {
        Method(name: member.name, inputs: Input.fields, outputs: Output.fields) { call in
            do throws(DBusError) {
                handler(try Input(arguments: call.arguments), TypedCall(call))
            } catch {
                call.fail(error)
            }
        }
    }
}

/// A call to a typed method, to be answered once with its output or an error.
public struct TypedCall<Output: MessageBody> {
    private let call: MethodCall

    init(_ call: MethodCall) {
        self.call = call
    }

    /// The caller's unique name.
    public var sender: BusName? { call.sender }

    public func reply(_ output: Output) {
        call.reply(output.arguments)
    }

    public func fail(_ error: DBusError) {
        call.fail(error)
    }
}

extension TypedCall where Output == NoArguments {
    /// Answers a method that returns nothing.
    public func reply() {
        call.reply([])
    }
}

extension SignalMember {
    /// A signal declared by a ``TypedSignal``.
    public init<Body>(_ signal: TypedSignal<Body>) {
        self.init(signal.name, Body.fields)
    }
}

extension Connection {
    /// Emits a typed signal from an exported object.
    public func emit<Body>(
        _ signal: TypedSignal<Body>, _ body: Body, of interface: InterfaceName, at path: ObjectPath, to destination: BusName? = nil
    ) throws(DBusError) {
        try emit(signal.name, of: interface, at: path, body.arguments, to: destination)
    }
}
