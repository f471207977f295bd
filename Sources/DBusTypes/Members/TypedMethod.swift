/// A method as its implementation and its callers both see it: its name, and the Swift types of
/// its arguments and of its reply. Declared once in an interface's contract, it gives the
/// export table the method's signature and its handler's type, and a client the call's: a
/// handler that takes or returns anything else does not compile.
public struct TypedMethod<Input: MessageBody, Output: MessageBody>: Hashable, Sendable {
    public let name: MemberName

    public init(_ name: MemberName) {
        self.name = name
    }
}
