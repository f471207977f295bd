import DBusTypes
import MediaRemoteAPI
import Testing

/// `body` sent and read back, as a client would read what the daemon sent; its arguments must
/// have the signature its fields declare.
func roundTrip<Body: MessageBody>(_ body: Body) throws -> Body {
    #expect(Signature(body.arguments.map(\.type)) == Body.fields.signature)
    return try Body(arguments: body.arguments)
}

/// The message of the error `body` fails with, or nil when it reads them.
func failure<Body: MessageBody>(reading arguments: [Value], as body: Body.Type) -> String? {
    do throws(DBusError) {
        _ = try Body(arguments: arguments)
        return nil
    } catch {
        #expect(error.name == .invalidArgs)
        return error.message
    }
}

extension Array where Element == Value {
    /// These arguments with the one at `index` replaced.
    func replacing(_ index: Int, with value: Value) -> [Value] {
        var copy = self
        copy[index] = value
        return copy
    }
}

extension Value {
    /// This `a{sv}` dictionary's value for `key`, unwrapped.
    func entry(_ key: String) -> Value? {
        guard case .dictionary(_, _, let entries) = self else { return nil }
        return entries.first { $0.key == .string(key) }?.value.unwrapped
    }

    /// This `a{sv}` dictionary with `key` set to `value` (added when it was not there).
    func replacing(_ key: String, with value: Value) -> Value {
        guard case .dictionary(let keyType, let valueType, var entries) = self else { return self }
        entries.removeAll { $0.key == .string(key) }
        entries.append(.init(.string(key), .variant(value)))
        return .dictionary(key: keyType, value: valueType, entries)
    }

    /// This `a{sv}` dictionary without `key`.
    func removing(_ key: String) -> Value {
        guard case .dictionary(let keyType, let valueType, var entries) = self else { return self }
        entries.removeAll { $0.key == .string(key) }
        return .dictionary(key: keyType, value: valueType, entries)
    }
}
