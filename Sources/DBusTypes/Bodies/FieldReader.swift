/// The fields of one message body or value, read by name: a message's arguments or a
/// structure's fields (by their declared positions), or an `a{sv}` dictionary (by key).
/// Reading a field decodes it as its Swift type; a field missing or of another type fails with
/// `InvalidArgs` and a sentence naming it, so a service and a client that drift apart get an
/// error that says where, never an empty or default value.
public struct FieldReader {
    /// What the fields belong to, as the error names it: "EventDispatched", "a player".
    public let owner: String
    private let values: [String: Value]

    /// `values` at the positions `fields` declares.
    public init(_ values: [Value], _ fields: [Field], of owner: String) throws(DBusError) {
        guard values.count == fields.count else {
            throw .invalidArgs(
                "\(owner) has \(fields.count) fields ('\(fields.signature)'), got \(values.count) ('\(Signature(values.map(\.type)))')")
        }
        self.owner = owner
        self.values = Dictionary(uniqueKeysWithValues: zip(fields.map(\.name), values))
    }

    /// A structure's fields, at the positions `fields` declares.
    public init(structure: Value, _ fields: [Field], of owner: String) throws(DBusError) {
        guard case .structure(let values) = structure.unwrapped else {
            throw .invalidArgs("\(owner): expected a value of type '\(fields.structure)', got '\(structure.unwrapped.type)'")
        }
        try self.init(values, fields, of: owner)
    }

    /// An `a{sv}` dictionary. Keys the contract does not name are left alone: a newer service
    /// may add some, and an older client should still read the ones it knows.
    public init(_ values: [String: Value], of owner: String) {
        self.owner = owner
        self.values = values
    }

    /// The same, from the dictionary as it came.
    public init(dictionary: Value, of owner: String) throws(DBusError) {
        do {
            self.init(try [String: Value](dbusValue: dictionary), of: owner)
        } catch {
            throw .invalidArgs("\(owner): \(error.message)")
        }
    }

    /// The field `name`, decoded as `T`.
    public func callAsFunction<T: DBusConvertible>(_ name: String, as type: T.Type = T.self) throws(DBusError) -> T {
        guard let value = values[name] else { throw .invalidArgs("\(owner) has no '\(name)'") }
        do {
            return try T(dbusValue: value)
        } catch {
            throw .invalidArgs("\(owner)'s \(name): \(error.message)")
        }
    }
}
