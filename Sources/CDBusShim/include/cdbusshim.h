// What libdbus's Swift import lacks: its DBUS_TYPE_* character constants, which are macros
// Swift cannot import, and reading and writing basic values, which go through a union.
#ifndef MEDIAREMOTE_CDBUSSHIM_H
#define MEDIAREMOTE_CDBUSSHIM_H

#include <stdint.h>
// libdbus as the CDBus module has it, so that Swift sees one copy of its declarations, renamed
// as CDBus.apinotes says, not a second one of this module's own.
#include "../../CDBus/shim.h"

// libdbus type codes (DBUS_TYPE_* are macros of character literals).
static const int cdbus_TYPE_INVALID = DBUS_TYPE_INVALID;
static const int cdbus_TYPE_BYTE = DBUS_TYPE_BYTE;
static const int cdbus_TYPE_BOOLEAN = DBUS_TYPE_BOOLEAN;
static const int cdbus_TYPE_INT16 = DBUS_TYPE_INT16;
static const int cdbus_TYPE_UINT16 = DBUS_TYPE_UINT16;
static const int cdbus_TYPE_INT32 = DBUS_TYPE_INT32;
static const int cdbus_TYPE_UINT32 = DBUS_TYPE_UINT32;
static const int cdbus_TYPE_INT64 = DBUS_TYPE_INT64;
static const int cdbus_TYPE_UINT64 = DBUS_TYPE_UINT64;
static const int cdbus_TYPE_DOUBLE = DBUS_TYPE_DOUBLE;
static const int cdbus_TYPE_UNIX_FD = DBUS_TYPE_UNIX_FD;
static const int cdbus_TYPE_STRING = DBUS_TYPE_STRING;
static const int cdbus_TYPE_OBJECT_PATH = DBUS_TYPE_OBJECT_PATH;
static const int cdbus_TYPE_SIGNATURE = DBUS_TYPE_SIGNATURE;
static const int cdbus_TYPE_ARRAY = DBUS_TYPE_ARRAY;
static const int cdbus_TYPE_STRUCT = DBUS_TYPE_STRUCT;
static const int cdbus_TYPE_VARIANT = DBUS_TYPE_VARIANT;
static const int cdbus_TYPE_DICT_ENTRY = DBUS_TYPE_DICT_ENTRY;

// Reading and writing a basic value through DBusBasicValue, so Swift needs no union tricks.
int cdbus_append_int(DBusMessageIter *iter, int type, int64_t value);
int cdbus_append_uint(DBusMessageIter *iter, int type, uint64_t value);
int cdbus_append_double(DBusMessageIter *iter, double value);
int cdbus_append_string(DBusMessageIter *iter, int type, const char *value);
int64_t cdbus_get_int(DBusMessageIter *iter);
uint64_t cdbus_get_uint(DBusMessageIter *iter);
double cdbus_get_double(DBusMessageIter *iter);
const char *cdbus_get_string(DBusMessageIter *iter);

#endif
