internal import CDBus
internal import CDBusShim
import DBusTypes

/// Appends values to a message iterator. The values are validated beforehand
/// (``Value/problem``); a false return means libdbus ran out of memory.
enum MessageWriter {
    /// Appends `values` as the body of `raw`, a message that has none yet.
    static func appendBody(_ values: [Value], to raw: OpaquePointer) -> Bool {
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(raw, &iter)
        return values.allSatisfy { append($0, to: &iter) }
    }

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
