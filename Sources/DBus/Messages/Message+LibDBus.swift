internal import CDBus
internal import CDBusShim
import DBusTypes
// libdbus names its C error struct DBusError too: this makes the plain name mean ours.
import struct DBusTypes.DBusError

// Converting between `Message` and libdbus's DBusMessage. Everything written is validated
// first: libdbus aborts the process on an invalid name, path or string.

extension Message {
    /// Decodes a libdbus message (which libdbus has already validated on receipt), refusing
    /// one that holds more than `valueLimit` values (``Connection/maximumValuesPerMessage``).
    init(decoding raw: OpaquePointer, valueLimit: Int = .max) throws(DBusError) {
        try self.init(decodingHeaderOf: raw)
        arguments = try Message.arguments(of: raw, valueLimit: valueLimit)
    }

    /// The header fields alone: routing needs no more, and the body may be large.
    init(decodingHeaderOf raw: OpaquePointer) throws(DBusError) {
        let kind: Kind
        switch dbus_message_get_type(raw) {
        case DBUS_MESSAGE_TYPE_METHOD_CALL: kind = .methodCall
        case DBUS_MESSAGE_TYPE_METHOD_RETURN: kind = .methodReturn
        case DBUS_MESSAGE_TYPE_ERROR: kind = .error
        case DBUS_MESSAGE_TYPE_SIGNAL: kind = .signal
        default: throw DBusError.failed("a message of unknown type arrived")
        }
        self.init(kind: kind)
        serial = dbus_message_get_serial(raw)
        let replySerial = dbus_message_get_reply_serial(raw)
        self.replySerial = replySerial == 0 ? nil : replySerial
        noReplyExpected = dbus_message_get_no_reply(raw) != 0
        path = try dbus_message_get_path(raw).map { p throws(DBusError) in try ObjectPath(String(cString: p)) }
        interface = try dbus_message_get_interface(raw).map { p throws(DBusError) in try InterfaceName(String(cString: p)) }
        member = try dbus_message_get_member(raw).map { p throws(DBusError) in try MemberName(String(cString: p)) }
        errorName = try dbus_message_get_error_name(raw).map { p throws(DBusError) in try ErrorName(String(cString: p)) }
        destination = try dbus_message_get_destination(raw).map { p throws(DBusError) in try BusName(String(cString: p)) }
        sender = try dbus_message_get_sender(raw).map { p throws(DBusError) in try BusName(String(cString: p)) }
    }

    /// The body's signature as the message declares it, read without decoding the body.
    static func declaredSignature(of raw: OpaquePointer) -> Signature {
        (dbus_message_get_signature(raw).flatMap { try? Signature(String(cString: $0)) }) ?? Signature([])
    }

    /// The body, decoded: refused with `LimitsExceeded` past `valueLimit` values.
    static func arguments(of raw: OpaquePointer, valueLimit: Int) throws(DBusError) -> [Value] {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(raw, &iter) != 0 else { return [] }
        var reader = MessageReader(budget: valueLimit)
        return try reader.readAll(&iter)
    }

    /// A new libdbus message holding this one, owned by the caller (unref it).
    func encode() throws(DBusError) -> OpaquePointer {
        for argument in arguments {
            if let problem = argument.problem { throw DBusError.invalidArgs("cannot send the message: \(problem)") }
        }
        do {
            _ = try Signature(signature.description)
        } catch {
            throw DBusError.invalidArgs("cannot send the message: \(error.message)")
        }
        let raw: OpaquePointer?
        switch kind {
        case .methodCall:
            guard let path, let member else { throw DBusError.invalidArgs("a method call needs a path and a member") }
            raw = dbus_message_new_method_call(destination?.rawValue, path.rawValue, interface?.rawValue, member.rawValue)
        case .signal:
            guard let path, let interface, let member else {
                throw DBusError.invalidArgs("a signal needs a path, an interface and a member")
            }
            raw = dbus_message_new_signal(path.rawValue, interface.rawValue, member.rawValue)
        case .methodReturn:
            raw = dbus_message_new(DBUS_MESSAGE_TYPE_METHOD_RETURN)
        case .error:
            guard errorName != nil else { throw DBusError.invalidArgs("an error needs an error name") }
            raw = dbus_message_new(DBUS_MESSAGE_TYPE_ERROR)
        }
        guard let raw else { throw DBusError(.noMemory, "cannot allocate a message") }
        var ok = true
        if kind == .methodReturn || kind == .error {
            if let replySerial { ok = ok && dbus_message_set_reply_serial(raw, replySerial) != 0 }
            if let errorName { ok = ok && dbus_message_set_error_name(raw, errorName.rawValue) != 0 }
        }
        if let destination, kind != .methodCall { ok = ok && dbus_message_set_destination(raw, destination.rawValue) != 0 }
        if noReplyExpected { dbus_message_set_no_reply(raw, 1) }
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(raw, &iter)
        for argument in arguments where ok {
            ok = MessageWriter.append(argument, to: &iter)
        }
        guard ok else {
            dbus_message_unref(raw)
            throw DBusError(.noMemory, "cannot build the message")
        }
        return raw
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

/// Appends values to a message iterator. The values are validated beforehand
/// (``Value/problem``); a false return means libdbus ran out of memory.
enum MessageWriter {
    static func append(_ value: Value, to iter: inout DBusMessageIter) -> Bool {
        switch value {
        case .byte(let v): return cdbus_append_uint(&iter, cdbus_TYPE_BYTE, UInt64(v)) != 0
        case .boolean(let v): return cdbus_append_uint(&iter, cdbus_TYPE_BOOLEAN, v ? 1 : 0) != 0
        case .int16(let v): return cdbus_append_int(&iter, cdbus_TYPE_INT16, Int64(v)) != 0
        case .uint16(let v): return cdbus_append_uint(&iter, cdbus_TYPE_UINT16, UInt64(v)) != 0
        case .int32(let v): return cdbus_append_int(&iter, cdbus_TYPE_INT32, Int64(v)) != 0
        case .uint32(let v): return cdbus_append_uint(&iter, cdbus_TYPE_UINT32, UInt64(v)) != 0
        case .int64(let v): return cdbus_append_int(&iter, cdbus_TYPE_INT64, v) != 0
        case .uint64(let v): return cdbus_append_uint(&iter, cdbus_TYPE_UINT64, v) != 0
        case .double(let v): return cdbus_append_double(&iter, v) != 0
        case .unixFD(let fd):
            // libdbus duplicates the descriptor; ours stays open.
            return cdbus_append_int(&iter, cdbus_TYPE_UNIX_FD, Int64(fd.rawValue)) != 0
        case .string(let s): return cdbus_append_string(&iter, cdbus_TYPE_STRING, s) != 0
        case .objectPath(let p): return cdbus_append_string(&iter, cdbus_TYPE_OBJECT_PATH, p.rawValue) != 0
        case .signature(let g):
            return cdbus_append_string(&iter, cdbus_TYPE_SIGNATURE, g.description) != 0
        case .array(let element, let items):
            return container(cdbus_TYPE_ARRAY, element.description, &iter) { sub in
                items.allSatisfy { append($0, to: &sub) }
            }
        case .dictionary(let key, let valueType, let entries):
            return container(cdbus_TYPE_ARRAY, "{\(key)\(valueType)}", &iter) { sub in
                entries.allSatisfy { entry in
                    container(cdbus_TYPE_DICT_ENTRY, nil, &sub) { pair in
                        append(entry.key, to: &pair) && append(entry.value, to: &pair)
                    }
                }
            }
        case .structure(let fields):
            return container(cdbus_TYPE_STRUCT, nil, &iter) { sub in fields.allSatisfy { append($0, to: &sub) } }
        case .variant(let inner):
            return container(cdbus_TYPE_VARIANT, inner.type.description, &iter) { sub in append(inner, to: &sub) }
        }
    }

    private static func container(
        _ type: Int32,
        _ signature: String?,
        _ iter: inout DBusMessageIter,
        body: (inout DBusMessageIter) -> Bool
    ) -> Bool {
        var sub = DBusMessageIter()
        let opened = signature.map { dbus_message_iter_open_container(&iter, type, $0, &sub) }
            ?? dbus_message_iter_open_container(&iter, type, nil, &sub)
        guard opened != 0 else { return false }
        guard body(&sub) else {
            dbus_message_iter_abandon_container(&iter, &sub)
            return false
        }
        return dbus_message_iter_close_container(&iter, &sub) != 0
    }
}
