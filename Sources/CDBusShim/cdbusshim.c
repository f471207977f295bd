#include "cdbusshim.h"

#include <string.h>

int cdbus_append_int(DBusMessageIter *iter, int type, int64_t value) {
    DBusBasicValue basic;
    memset(&basic, 0, sizeof basic);
    switch (type) {
    case DBUS_TYPE_INT16: basic.i16 = (dbus_int16_t)value; break;
    case DBUS_TYPE_INT32: basic.i32 = (dbus_int32_t)value; break;
    case DBUS_TYPE_INT64: basic.i64 = (dbus_int64_t)value; break;
    case DBUS_TYPE_UNIX_FD: basic.fd = (int)value; break;
    default: return 0;
    }
    return dbus_message_iter_append_basic(iter, type, &basic);
}

int cdbus_append_uint(DBusMessageIter *iter, int type, uint64_t value) {
    DBusBasicValue basic;
    memset(&basic, 0, sizeof basic);
    switch (type) {
    case DBUS_TYPE_BYTE: basic.byt = (unsigned char)value; break;
    case DBUS_TYPE_BOOLEAN: basic.bool_val = value ? 1 : 0; break;
    case DBUS_TYPE_UINT16: basic.u16 = (dbus_uint16_t)value; break;
    case DBUS_TYPE_UINT32: basic.u32 = (dbus_uint32_t)value; break;
    case DBUS_TYPE_UINT64: basic.u64 = (dbus_uint64_t)value; break;
    default: return 0;
    }
    return dbus_message_iter_append_basic(iter, type, &basic);
}

int cdbus_append_double(DBusMessageIter *iter, double value) {
    DBusBasicValue basic;
    basic.dbl = value;
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_DOUBLE, &basic);
}

int cdbus_append_string(DBusMessageIter *iter, int type, const char *value) {
    return dbus_message_iter_append_basic(iter, type, &value);
}

int64_t cdbus_get_int(DBusMessageIter *iter) {
    DBusBasicValue basic;
    memset(&basic, 0, sizeof basic);
    dbus_message_iter_get_basic(iter, &basic);
    switch (dbus_message_iter_get_arg_type(iter)) {
    case DBUS_TYPE_INT16: return basic.i16;
    case DBUS_TYPE_INT32: return basic.i32;
    case DBUS_TYPE_INT64: return basic.i64;
    case DBUS_TYPE_UNIX_FD: return basic.fd;
    default: return 0;
    }
}

uint64_t cdbus_get_uint(DBusMessageIter *iter) {
    DBusBasicValue basic;
    memset(&basic, 0, sizeof basic);
    dbus_message_iter_get_basic(iter, &basic);
    switch (dbus_message_iter_get_arg_type(iter)) {
    case DBUS_TYPE_BYTE: return basic.byt;
    case DBUS_TYPE_BOOLEAN: return basic.bool_val;
    case DBUS_TYPE_UINT16: return basic.u16;
    case DBUS_TYPE_UINT32: return basic.u32;
    case DBUS_TYPE_UINT64: return basic.u64;
    default: return 0;
    }
}

double cdbus_get_double(DBusMessageIter *iter) {
    DBusBasicValue basic;
    basic.dbl = 0;
    dbus_message_iter_get_basic(iter, &basic);
    return basic.dbl;
}

const char *cdbus_get_string(DBusMessageIter *iter) {
    const char *value = NULL;
    dbus_message_iter_get_basic(iter, &value);
    return value;
}
