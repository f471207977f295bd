/// A signal as its emitter and its listeners both see it: its name and the Swift type of its
/// arguments.
public struct TypedSignal<Body: MessageBody>: Sendable {
    public let name: MemberName

    public init(_ name: MemberName) {
        self.name = name
    }
}
