import DBusTypes

/// Methods whose arguments are known only at run time: a test's table built from data (an echo
/// object, a fuzzer's player). A contract's methods are typed (Method+Typed.swift).
extension Method {
    /// A method that answers at once: the handler returns the output values or throws the
    /// error to reply with (a `DBusError` as it is; any other error as `Failed`). Values that
    /// do not match `outputs` are answered with `Failed`.
    public static func untyped(
        _ name: MemberName,
        in inputs: [Field] = [],
        out outputs: [Field] = [],
        handler: @escaping (MethodCall) throws -> [Value]
    ) -> Method {
        Method(name: name, inputs: inputs, outputs: outputs) { call in
            do {
                call.reply(try handler(call))
            } catch {
                call.fail(DBusError(describing: error))
            }
        }
    }

    /// A method that answers later: the handler keeps the call and replies (or fails) on it
    /// when it can. A call dropped without an answer is answered with `Failed`.
    public static func untypedDeferred(
        _ name: MemberName,
        in inputs: [Field] = [],
        out outputs: [Field] = [],
        handler: @escaping (MethodCall) -> Void
    ) -> Method {
        Method(name: name, inputs: inputs, outputs: outputs, handler: handler)
    }
}
