/// A property as its owner and its readers both see it: its name and its value's Swift type.
public struct TypedProperty<Content: DBusConvertible>: Sendable {
    public let name: MemberName

    public init(_ name: MemberName) {
        self.name = name
    }
}
