import DBusTypes

/// The interfaces every exported object has: `Peer` (answered by libdbus itself),
/// `Introspectable` and `Properties`, described here for introspection.
enum StandardInterfaces {
    static let propertiesChanged: MemberName = "PropertiesChanged"

    static var descriptions: [Interface] { [
        Interface(
            .peer,
            methods: [
                describe("Ping"),
                describe("GetMachineId", out: [Argument("machine_uuid", .string)]),
            ]
        ),
        Interface(.introspectable, methods: [describe("Introspect", out: [Argument("xml_data", .string)])]),
        Interface(
            .properties,
            methods: [
                describe(
                    "Get", in: [Argument("interface_name", .string), Argument("property_name", .string)],
                    out: [Argument("value", .variant)]),
                describe(
                    "GetAll", in: [Argument("interface_name", .string)],
                    out: [Argument("properties", .dictionary(key: .string, value: .variant))]),
                describe(
                    "Set",
                    in: [Argument("interface_name", .string), Argument("property_name", .string), Argument("value", .variant)]
                ),
            ],
            signals: [
                SignalMember(
                    propertiesChanged,
                    [
                        Argument("interface_name", .string),
                        Argument("changed_properties", .dictionary(key: .string, value: .variant)),
                        Argument("invalidated_properties", .array(.string)),
                    ])
            ]
        ),
    ] }

    /// A method entry used only for its description; the connection answers these itself.
    private static func describe(_ name: MemberName, in inputs: [Argument] = [], out outputs: [Argument] = []) -> Method {
        Method(name, in: inputs, out: outputs) { _ in throw DBusError.failed("answered by the connection") }
    }

    /// The method of a standard interface, for checking a call's signature.
    static func method(_ interface: InterfaceName, _ member: MemberName) -> Method? {
        descriptions.first { $0.name == interface }?.method(member)
    }
}
