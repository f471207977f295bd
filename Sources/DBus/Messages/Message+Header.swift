internal import CDBus
import DBusTypes

// A message's header fields, read from a libdbus message and written into a new one. The
// body is the reader's and the writer's (MessageReader, MessageWriter).

extension Message {
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

    /// A new libdbus message with this one's header fields and an empty body. The names are
    /// valid by their types; a kind's missing fields are refused here, before libdbus, which
    /// would abort the process.
    func encodeHeader() throws(DBusError) -> LibDBusMessage {
        let created: OpaquePointer?
        switch kind {
        case .methodCall:
            guard let path, let member else { throw DBusError.invalidArgs("a method call needs a path and a member") }
            created = dbus_message_new_method_call(destination?.rawValue, path.rawValue, interface?.rawValue, member.rawValue)
        case .signal:
            guard let path, let interface, let member else {
                throw DBusError.invalidArgs("a signal needs a path, an interface and a member")
            }
            created = dbus_message_new_signal(path.rawValue, interface.rawValue, member.rawValue)
        case .methodReturn:
            created = dbus_message_new(DBUS_MESSAGE_TYPE_METHOD_RETURN)
        case .error:
            guard errorName != nil else { throw DBusError.invalidArgs("an error needs an error name") }
            created = dbus_message_new(DBUS_MESSAGE_TYPE_ERROR)
        }
        guard let created else { throw DBusError(.noMemory, "cannot allocate a message") }
        let encoded = LibDBusMessage(taking: created)
        let written = encoded.withUnsafePointer { raw in
            var ok = true
            if kind == .methodReturn || kind == .error {
                if let replySerial { ok = ok && dbus_message_set_reply_serial(raw, replySerial) != 0 }
                if let errorName { ok = ok && dbus_message_set_error_name(raw, errorName.rawValue) != 0 }
            }
            if let destination, kind != .methodCall { ok = ok && dbus_message_set_destination(raw, destination.rawValue) != 0 }
            if noReplyExpected { dbus_message_set_no_reply(raw, 1) }
            return ok
        }
        guard written else { throw DBusError(.noMemory, "cannot build the message") }
        return encoded
    }
}
