/// A Swift type with a fixed D-Bus type, converted to and from ``Value``.
///
/// Decoding checks the type and fails with `InvalidArgs` and a sentence naming what was
/// expected and what came; a variant is unwrapped when the expected type is not a variant.
public protocol DBusConvertible {
    static var dbusType: SignatureType { get }
    var dbusValue: Value { get }
    init(dbusValue: Value) throws(DBusError)
}

extension DBusError {
    static func typeMismatch(expected: SignatureType, got value: Value) -> DBusError {
        .invalidArgs("expected a value of type '\(expected)', got '\(value.type)'")
    }
}

/// Conversions for types whose value is one case of ``Value``.
private protocol BasicConvertible: DBusConvertible {
    static func extract(_ value: Value) -> Self?
}

extension BasicConvertible {
    public init(dbusValue: Value) throws(DBusError) {
        guard let result = Self.extract(dbusValue.unwrapped) else {
            throw .typeMismatch(expected: Self.dbusType, got: dbusValue.unwrapped)
        }
        self = result
    }
}

extension UInt8: BasicConvertible {
    public static var dbusType: SignatureType { .byte }
    public var dbusValue: Value { .byte(self) }
    fileprivate static func extract(_ value: Value) -> UInt8? { if case .byte(let v) = value { v } else { nil } }
}

extension Bool: BasicConvertible {
    public static var dbusType: SignatureType { .boolean }
    public var dbusValue: Value { .boolean(self) }
    fileprivate static func extract(_ value: Value) -> Bool? { if case .boolean(let v) = value { v } else { nil } }
}

extension Int16: BasicConvertible {
    public static var dbusType: SignatureType { .int16 }
    public var dbusValue: Value { .int16(self) }
    fileprivate static func extract(_ value: Value) -> Int16? { if case .int16(let v) = value { v } else { nil } }
}

extension UInt16: BasicConvertible {
    public static var dbusType: SignatureType { .uint16 }
    public var dbusValue: Value { .uint16(self) }
    fileprivate static func extract(_ value: Value) -> UInt16? { if case .uint16(let v) = value { v } else { nil } }
}

extension Int32: BasicConvertible {
    public static var dbusType: SignatureType { .int32 }
    public var dbusValue: Value { .int32(self) }
    fileprivate static func extract(_ value: Value) -> Int32? { if case .int32(let v) = value { v } else { nil } }
}

extension UInt32: BasicConvertible {
    public static var dbusType: SignatureType { .uint32 }
    public var dbusValue: Value { .uint32(self) }
    fileprivate static func extract(_ value: Value) -> UInt32? { if case .uint32(let v) = value { v } else { nil } }
}

extension Int64: BasicConvertible {
    public static var dbusType: SignatureType { .int64 }
    public var dbusValue: Value { .int64(self) }
    fileprivate static func extract(_ value: Value) -> Int64? { if case .int64(let v) = value { v } else { nil } }
}

extension UInt64: BasicConvertible {
    public static var dbusType: SignatureType { .uint64 }
    public var dbusValue: Value { .uint64(self) }
    fileprivate static func extract(_ value: Value) -> UInt64? { if case .uint64(let v) = value { v } else { nil } }
}

extension Double: BasicConvertible {
    public static var dbusType: SignatureType { .double }
    public var dbusValue: Value { .double(self) }
    fileprivate static func extract(_ value: Value) -> Double? { if case .double(let v) = value { v } else { nil } }
}

extension String: BasicConvertible {
    public static var dbusType: SignatureType { .string }
    public var dbusValue: Value { .string(self) }
    fileprivate static func extract(_ value: Value) -> String? { if case .string(let v) = value { v } else { nil } }
}

extension ObjectPath: BasicConvertible {
    public static var dbusType: SignatureType { .objectPath }
    public var dbusValue: Value { .objectPath(self) }
    fileprivate static func extract(_ value: Value) -> ObjectPath? {
        if case .objectPath(let v) = value { v } else { nil }
    }
}

/// A bus name is sent as a string, and checked when read: what arrives as a name is a
/// valid one, or the body is refused with `InvalidArgs`.
extension BusName: DBusConvertible {
    public static var dbusType: SignatureType { .string }
    public var dbusValue: Value { .string(rawValue) }
    public init(dbusValue: Value) throws(DBusError) { try self.init(String(dbusValue: dbusValue)) }
}

extension Signature: BasicConvertible {
    public static var dbusType: SignatureType { .signature }
    public var dbusValue: Value { .signature(self) }
    fileprivate static func extract(_ value: Value) -> Signature? {
        if case .signature(let v) = value { v } else { nil }
    }
}

extension UnixFileDescriptor: BasicConvertible {
    public static var dbusType: SignatureType { .unixFD }
    public var dbusValue: Value { .unixFD(self) }
    fileprivate static func extract(_ value: Value) -> Self? {
        if case .unixFD(let v) = value { v as? Self } else { nil }
    }
}

/// `Value` stands for "any type" and converts as a variant (`v`), as in `a{sv}`.
extension Value: DBusConvertible {
    public static var dbusType: SignatureType { .variant }
    public var dbusValue: Value { .variant(self) }
    public init(dbusValue: Value) throws(DBusError) { self = dbusValue.unwrapped }
}

extension Array: DBusConvertible where Element: DBusConvertible {
    public static var dbusType: SignatureType { .array(Element.dbusType) }
    public var dbusValue: Value { .array(Element.dbusType, map(\.dbusValue)) }
    public init(dbusValue: Value) throws(DBusError) {
        guard case .array(_, let items) = dbusValue.unwrapped else {
            throw .typeMismatch(expected: Self.dbusType, got: dbusValue.unwrapped)
        }
        var result: [Element] = []
        result.reserveCapacity(items.count)
        for item in items { result.append(try Element(dbusValue: item)) }
        self = result
    }
}

extension Dictionary: DBusConvertible where Key: DBusConvertible, Value: DBusConvertible {
    public static var dbusType: SignatureType { .dictionary(key: Key.dbusType, value: Value.dbusType) }
    public var dbusValue: DBusTypes.Value {
        .dictionary(
            key: Key.dbusType, value: Value.dbusType,
            map { DBusTypes.Value.DictionaryEntry($0.key.dbusValue, $0.value.dbusValue) }
        )
    }
    public init(dbusValue: DBusTypes.Value) throws(DBusError) {
        guard case .dictionary(_, _, let entries) = dbusValue.unwrapped else {
            throw .typeMismatch(expected: Self.dbusType, got: dbusValue.unwrapped)
        }
        var result: [Key: Value] = [:]
        for entry in entries {
            // As GLib and zbus do, a repeated key keeps its last value.
            result[try Key(dbusValue: entry.key)] = try Value(dbusValue: entry.value)
        }
        self = result
    }
}

extension Value {
    /// Decodes this value as `T`, or fails with `InvalidArgs`.
    public func decode<T: DBusConvertible>(as type: T.Type = T.self) throws(DBusError) -> T {
        try T(dbusValue: self)
    }
}
