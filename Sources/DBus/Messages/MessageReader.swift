internal import CDBus
internal import CDBusShim
import DBusTypes

extension Message {
    /// The body, decoded: refused with `LimitsExceeded` past `valueLimit` values.
    static func arguments(of raw: OpaquePointer, valueLimit: Int) throws(DBusError) -> [Value] {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(raw, &iter) != 0 else { return [] }
        var reader = MessageReader(budget: valueLimit)
        return try reader.readAll(&iter)
    }
}

/// Reads values from a message iterator, at most `budget` of them: each value costs a few
/// dozen bytes decoded, so a 100 MB byte array would cost gigabytes.
struct MessageReader {
    let limit: Int
    var budget: Int

    init(budget: Int) {
        limit = budget
        self.budget = budget
    }

    mutating func readAll(_ iter: inout DBusMessageIter) throws(DBusError) -> [Value] {
        var values: [Value] = []
        while dbus_message_iter_get_arg_type(&iter) != cdbus_TYPE_INVALID {
            values.append(try read(&iter))
            dbus_message_iter_next(&iter)
        }
        return values
    }

    mutating func read(_ iter: inout DBusMessageIter) throws(DBusError) -> Value {
        budget -= 1
        guard budget >= 0 else {
            throw DBusError(.limitsExceeded, "the message holds more than \(limit) values, the most this connection reads")
        }
        let code = dbus_message_iter_get_arg_type(&iter)
        switch code {
        case cdbus_TYPE_BYTE: return .byte(UInt8(truncatingIfNeeded: cdbus_get_uint(&iter)))
        case cdbus_TYPE_BOOLEAN: return .boolean(cdbus_get_uint(&iter) != 0)
        case cdbus_TYPE_INT16: return .int16(Int16(truncatingIfNeeded: cdbus_get_int(&iter)))
        case cdbus_TYPE_UINT16: return .uint16(UInt16(truncatingIfNeeded: cdbus_get_uint(&iter)))
        case cdbus_TYPE_INT32: return .int32(Int32(truncatingIfNeeded: cdbus_get_int(&iter)))
        case cdbus_TYPE_UINT32: return .uint32(UInt32(truncatingIfNeeded: cdbus_get_uint(&iter)))
        case cdbus_TYPE_INT64: return .int64(cdbus_get_int(&iter))
        case cdbus_TYPE_UINT64: return .uint64(cdbus_get_uint(&iter))
        case cdbus_TYPE_DOUBLE: return .double(cdbus_get_double(&iter))
        case cdbus_TYPE_UNIX_FD:
            // libdbus hands out a duplicate that the reader owns.
            return .unixFD(UnixFileDescriptor(taking: Int32(truncatingIfNeeded: cdbus_get_int(&iter))))
        case cdbus_TYPE_STRING: return .string(String(cString: cdbus_get_string(&iter)))
        case cdbus_TYPE_OBJECT_PATH:
            return .objectPath(try ObjectPath(String(cString: cdbus_get_string(&iter))))
        case cdbus_TYPE_SIGNATURE:
            return .signature(try Signature(String(cString: cdbus_get_string(&iter))))
        case cdbus_TYPE_ARRAY: return try readArray(&iter)
        case cdbus_TYPE_STRUCT:
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            return .structure(try readAll(&sub))
        case cdbus_TYPE_VARIANT:
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            return .variant(try read(&sub))
        default:
            throw DBusError.invalidArgs("a message holds an unknown type code \(code)")
        }
    }

    private mutating func readArray(_ iter: inout DBusMessageIter) throws(DBusError) -> Value {
        guard let raw = dbus_message_iter_get_signature(&iter) else {
            throw DBusError(.noMemory, "cannot read an array's signature")
        }
        let text = String(cString: raw)
        dbus_free(raw)
        let type = try SignatureType(text)
        var sub = DBusMessageIter()
        dbus_message_iter_recurse(&iter, &sub)
        switch type {
        case .dictionary(let keyType, let valueType):
            var entries: [Value.DictionaryEntry] = []
            while dbus_message_iter_get_arg_type(&sub) == cdbus_TYPE_DICT_ENTRY {
                var entry = DBusMessageIter()
                dbus_message_iter_recurse(&sub, &entry)
                let key = try read(&entry)
                dbus_message_iter_next(&entry)
                let value = try read(&entry)
                entries.append(Value.DictionaryEntry(key, value))
                dbus_message_iter_next(&sub)
            }
            return .dictionary(key: keyType, value: valueType, entries)
        case .array(let element):
            return .array(element, try readAll(&sub))
        default:
            throw DBusError.invalidArgs("an array has the signature '\(text)'")
        }
    }
}
