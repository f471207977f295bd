/// The bodies of ``StandardMembers``, named as the specification's introspection names them.

/// `Get`'s arguments: which property of which interface. Strings, as the wire has them: a
/// peer answers a name that is not valid with `UnknownInterface` or `UnknownProperty`.
public struct PropertyAddress: MessageBody, Hashable, Sendable {
    public var interface: String
    public var property: String

    public init(_ interface: InterfaceName, _ property: MemberName) {
        (self.interface, self.property) = (interface.rawValue, property.rawValue)
    }

    /// As the wire has them.
    init(interface: String, property: String) {
        (self.interface, self.property) = (interface, property)
    }

    public static let fields = [Field("interface_name", String.self), Field("property_name", String.self)]
    public var arguments: [Value] { [.string(interface), .string(property)] }

    public init(arguments: [Value]) throws(DBusError) {
        let field = try FieldReader(arguments, Self.fields, of: "a property's address")
        (interface, property) = (try field("interface_name"), try field("property_name"))
    }
}

/// `Set`'s arguments: the property and its new value.
public struct PropertyWrite: MessageBody, Hashable, Sendable {
    public var address: PropertyAddress
    public var value: Value

    public init(_ address: PropertyAddress, _ value: Value) {
        (self.address, self.value) = (address, value)
    }

    public static let fields = PropertyAddress.fields + [Field("value", Value.self)]
    public var arguments: [Value] { address.arguments + [.variant(value)] }

    public init(arguments: [Value]) throws(DBusError) {
        let field = try FieldReader(arguments, Self.fields, of: "a property's new value")
        address = PropertyAddress(interface: try field("interface_name"), property: try field("property_name"))
        value = try field("value")
    }
}

/// `PropertiesChanged`'s arguments: new values, and the names of properties changed without them.
public struct PropertiesChange: MessageBody, Hashable, Sendable {
    public var interface: String
    public var changed: [String: Value]
    public var invalidated: [String]

    public init(interface: String, changed: [String: Value], invalidated: [String]) {
        (self.interface, self.changed, self.invalidated) = (interface, changed, invalidated)
    }

    public static let fields = [
        Field("interface_name", String.self), Field("changed_properties", [String: Value].self),
        Field("invalidated_properties", [String].self),
    ]
    /// The changed values in order of their names, so the same change is the same message.
    public var arguments: [Value] {
        [.string(interface), .stringVariantDictionary(changed.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }), invalidated.dbusValue]
    }

    public init(arguments: [Value]) throws(DBusError) {
        let field = try FieldReader(arguments, Self.fields, of: "PropertiesChanged")
        (interface, changed, invalidated) = (try field("interface_name"), try field("changed_properties"), try field("invalidated_properties"))
    }
}

/// `Get`'s reply.
public struct PropertyValue: SingleFieldBody, Hashable, Sendable {
    public var content: Value
    public init(_ content: Value) { self.content = content }
    public static var fieldName: String { "value" }
    public static var owner: String { "the Get reply" }
}

/// `GetAll`'s argument.
public struct InterfaceArgument: SingleFieldBody, Hashable, Sendable {
    public var content: String
    public init(_ content: String) { self.content = content }
    public init(_ interface: InterfaceName) { content = interface.rawValue }
    public static var fieldName: String { "interface_name" }
    public static var owner: String { "GetAll's argument" }
}

/// `GetAll`'s reply: property name to value.
public struct AllProperties: SingleFieldBody, Hashable, Sendable {
    public var content: [String: Value]
    public init(_ content: [String: Value]) { self.content = content }
    public static var fieldName: String { "properties" }
    public static var owner: String { "the GetAll reply" }
}

/// `Introspect`'s reply.
public struct IntrospectionData: SingleFieldBody, Hashable, Sendable {
    public var content: String
    public init(_ content: String) { self.content = content }
    public static var fieldName: String { "xml_data" }
    public static var owner: String { "the Introspect reply" }
}

/// `GetMachineId`'s reply.
public struct MachineID: SingleFieldBody, Hashable, Sendable {
    public var content: String
    public init(_ content: String) { self.content = content }
    public static var fieldName: String { "machine_uuid" }
    public static var owner: String { "the GetMachineId reply" }
}

/// `GetId`'s reply: the bus's own id, new each time a bus starts (a login's session bus, not
/// the machine's).
public struct BusID: SingleFieldBody, Hashable, Sendable {
    public var content: String
    public init(_ content: String) { self.content = content }
    public static var fieldName: String { "id" }
    public static var owner: String { "the GetId reply" }
}

/// `RequestName`'s arguments: the name, and the flags (`DBUS_NAME_FLAG_*`).
public struct NameRequest: MessageBody, Hashable, Sendable {
    public var name: String
    public var flags: UInt32

    public init(_ name: BusName, flags: UInt32) {
        (self.name, self.flags) = (name.rawValue, flags)
    }

    public static let fields = [Field("name", String.self), Field("flags", UInt32.self)]
    public var arguments: [Value] { [name.dbusValue, flags.dbusValue] }

    public init(arguments: [Value]) throws(DBusError) {
        let field = try FieldReader(arguments, Self.fields, of: "RequestName")
        (name, flags) = (try field("name"), try field("flags"))
    }
}

/// `RequestName`'s and `ReleaseName`'s answer: a `DBUS_REQUEST_NAME_REPLY_*` or
/// `DBUS_RELEASE_NAME_REPLY_*` code.
public struct NameReplyCode: SingleFieldBody, Hashable, Sendable {
    public var content: UInt32
    public init(_ content: UInt32) { self.content = content }
    public static var fieldName: String { "reply" }
    public static var owner: String { "the bus's answer about a name" }
}

/// `GetConnectionUnixProcessID`'s answer: the process at the other end of a connection, from
/// the kernel's credentials of its socket.
public struct ProcessIDAnswer: SingleFieldBody, Hashable, Sendable {
    public var content: UInt32
    public init(_ content: UInt32) { self.content = content }
    public static var fieldName: String { "process ID" }
    public static var owner: String { "the bus's answer about a connection's process" }
}

/// `GetConnectionUnixUser`'s answer: the user at the other end of a connection, from the
/// kernel's credentials of its socket.
public struct UserIDAnswer: SingleFieldBody, Hashable, Sendable {
    public var content: UInt32
    public init(_ content: UInt32) { self.content = content }
    public static var fieldName: String { "user ID" }
    public static var owner: String { "the bus's answer about a connection's user" }
}

/// `AddMatch`'s and `RemoveMatch`'s argument: a match rule's text.
public struct MatchRuleArgument: SingleFieldBody, Hashable, Sendable {
    public var content: String
    public init(_ content: String) { self.content = content }
    public static var fieldName: String { "rule" }
    public static var owner: String { "a match rule" }
}

/// `NameOwnerChanged`'s arguments: the name, its old owner and its new one (none on the wire
/// is ""), each checked once, here, as it is read: nothing downstream parses a name again.
public struct NameOwnerChange: MessageBody, Hashable, Sendable {
    public var name: BusName
    public var oldOwner: BusName?
    public var newOwner: BusName?

    public init(name: BusName, oldOwner: BusName?, newOwner: BusName?) {
        (self.name, self.oldOwner, self.newOwner) = (name, oldOwner, newOwner)
    }

    public static let fields = [Field("name", BusName.self), Field("old_owner", String.self), Field("new_owner", String.self)]
    public var arguments: [Value] { [name.dbusValue, .string(oldOwner?.rawValue ?? ""), .string(newOwner?.rawValue ?? "")] }

    public init(arguments: [Value]) throws(DBusError) {
        let field = try FieldReader(arguments, Self.fields, of: "NameOwnerChanged")
        name = try field("name")
        oldOwner = try Self.owner(try field("old_owner"), "old_owner")
        newOwner = try Self.owner(try field("new_owner"), "new_owner")
    }

    /// An owner as the wire has it: "" for none, else a name, refused naming its field.
    private static func owner(_ text: String, _ field: String) throws(DBusError) -> BusName? {
        guard !text.isEmpty else { return nil }
        do throws(DBusError) {
            return try BusName(text)
        } catch {
            throw .invalidArgs("NameOwnerChanged's \(field): \(error.message)")
        }
    }
}

/// The names on the bus, as `ListNames` answers: each checked as it is read.
public struct NameList: SingleFieldBody, Hashable, Sendable {
    public var content: [BusName]
    public init(_ content: [BusName]) { self.content = content }
    public static var fieldName: String { "names" }
    public static var owner: String { "the ListNames reply" }
}

/// A bus name, as `GetNameOwner` takes and answers it, and the other calls on names take it.
public struct NameArgument: SingleFieldBody, Hashable, Sendable {
    public var content: BusName
    public init(_ content: BusName) { self.content = content }
    public static var fieldName: String { "name" }
    public static var owner: String { "a bus name" }
}
