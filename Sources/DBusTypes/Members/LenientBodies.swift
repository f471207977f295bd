/// Property maps as read from peers we do not control (MPRIS players): what is not a string
/// key with a value is left out, and a map of another shape reads as no properties, so a
/// strange player is followed with what can be read of it rather than dropped. The strict
/// bodies (``AllProperties``, ``PropertiesChange``) are for peers that share our contract.

/// `GetAll`'s reply, read leniently.
public struct LenientPropertyMap: MessageBody, Hashable, Sendable {
    public var properties: [String: Value]

    public init(_ properties: [String: Value]) {
        self.properties = properties
    }

    public static var fields: [Field] { AllProperties.fields }
    public var arguments: [Value] { AllProperties(properties).arguments }

    public init(arguments: [Value]) {
        properties = Self.read(arguments.first)
    }

    /// The string-keyed entries of a dictionary, their values unwrapped; anything else is empty.
    static func read(_ map: Value?) -> [String: Value] {
        guard case .dictionary(_, _, let entries)? = map else { return [:] }
        var result: [String: Value] = [:]
        for entry in entries {
            if case .string(let name) = entry.key { result[name] = entry.value.unwrapped }
        }
        return result
    }
}

/// `PropertiesChanged`, read leniently: it must have its three arguments, but a changed map of
/// another shape is no change, and invalidated names that are not strings are left out.
public struct LenientPropertiesChange: MessageBody, Hashable, Sendable {
    /// The interface whose properties changed ("" when it is not a string).
    public var interface: String
    public var changed: [String: Value]
    public var invalidated: [String]

    public static var fields: [Field] { PropertiesChange.fields }
    public var arguments: [Value] { [.string(interface), LenientPropertyMap(changed).arguments[0], invalidated.dbusValue] }

    public init(arguments: [Value]) throws(DBusError) {
        guard arguments.count == 3 else {
            throw .invalidArgs("PropertiesChanged has 3 arguments, got \(arguments.count)")
        }
        if case .string(let name) = arguments[0] { interface = name } else { interface = "" }
        changed = LenientPropertyMap.read(arguments[1])
        if case .array(_, let names) = arguments[2] {
            invalidated = names.compactMap { if case .string(let name) = $0 { name } else { nil } }
        } else {
            invalidated = []
        }
    }
}
