import DBusTypes

/// The interfaces every exported object has: `Peer` (answered by libdbus itself),
/// `Introspectable` and `Properties`, described here for introspection.
enum StandardInterfaces {
    /// Built once: every method call with an interface asks ``method(_:_:)`` first. Never
    /// changed after, so sharing it across isolation is safe (its entries hold closures, which
    /// keep `Interface` from being `Sendable`).
    nonisolated(unsafe) static let descriptions: [Interface] = [
        Interface(.peer, methods: [describe(StandardMembers.ping), describe(StandardMembers.getMachineId)]),
        Interface(.introspectable, methods: [describe(StandardMembers.introspect)]),
        Interface(
            .properties,
            methods: [describe(StandardMembers.get), describe(StandardMembers.getAll), describe(StandardMembers.set)],
            signals: [SignalMember(StandardMembers.propertiesChanged)]
        ),
    ]

    /// A method entry used only for its description; the connection answers these itself.
    private static func describe<Input, Output>(_ member: TypedMethod<Input, Output>) -> Method {
        Method(member) { _, _ in throw DBusError.failed("answered by the connection") }
    }

    /// The method of a standard interface, for checking a call's signature.
    static func method(_ interface: InterfaceName, _ member: MemberName) -> Method? {
        descriptions.first { $0.name == interface }?.method(member)
    }
}
