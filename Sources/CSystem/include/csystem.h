// What Swift's Glibc module does not bring: the Linux event APIs the event loop needs,
// and libdbus's DBUS_TYPE_* character constants, which are macros Swift cannot import.
#ifndef MEDIAREMOTE_CSYSTEM_H
#define MEDIAREMOTE_CSYSTEM_H

#include <stdint.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>
#include <sys/sysmacros.h>
#include <dbus/dbus.h>

// epoll
static const uint32_t csystem_EPOLLIN = EPOLLIN;
static const uint32_t csystem_EPOLLOUT = EPOLLOUT;
static const uint32_t csystem_EPOLLERR = EPOLLERR;
static const uint32_t csystem_EPOLLHUP = EPOLLHUP;
static const int csystem_EPOLL_CLOEXEC = EPOLL_CLOEXEC;

int csystem_epoll_create(void);
int csystem_epoll_add(int epfd, int fd, uint32_t events, uint64_t token);
int csystem_epoll_modify(int epfd, int fd, uint32_t events, uint64_t token);
int csystem_epoll_remove(int epfd, int fd);
/// Waits for one batch of events; fills parallel arrays of tokens and event masks.
int csystem_epoll_wait(int epfd, uint64_t *tokens, uint32_t *events, int capacity, int timeout_ms);

// timerfd: a monotonic timer; interval 0 means one-shot, value 0 disarms.
int csystem_timerfd_create(void);
int csystem_timerfd_arm(int fd, uint64_t value_ns, uint64_t interval_ns);
/// Reads the expiration count (0 when nothing expired).
uint64_t csystem_timerfd_read(int fd);

// signalfd: blocks the given signals for the calling thread and reads them from an fd.
int csystem_signalfd_create(const int *signals, int count);
/// Reads one signal number, or -1 when none is pending.
int csystem_signalfd_read(int fd);

// inotify
int csystem_inotify_create(void);

// CLOCK_MONOTONIC in microseconds, as evdev timestamps are.
uint64_t csystem_monotonic_us(void);

// libdbus type codes (DBUS_TYPE_* are macros of character literals).
static const int csystem_DBUS_TYPE_INVALID = DBUS_TYPE_INVALID;
static const int csystem_DBUS_TYPE_BYTE = DBUS_TYPE_BYTE;
static const int csystem_DBUS_TYPE_BOOLEAN = DBUS_TYPE_BOOLEAN;
static const int csystem_DBUS_TYPE_INT16 = DBUS_TYPE_INT16;
static const int csystem_DBUS_TYPE_UINT16 = DBUS_TYPE_UINT16;
static const int csystem_DBUS_TYPE_INT32 = DBUS_TYPE_INT32;
static const int csystem_DBUS_TYPE_UINT32 = DBUS_TYPE_UINT32;
static const int csystem_DBUS_TYPE_INT64 = DBUS_TYPE_INT64;
static const int csystem_DBUS_TYPE_UINT64 = DBUS_TYPE_UINT64;
static const int csystem_DBUS_TYPE_DOUBLE = DBUS_TYPE_DOUBLE;
static const int csystem_DBUS_TYPE_UNIX_FD = DBUS_TYPE_UNIX_FD;
static const int csystem_DBUS_TYPE_STRING = DBUS_TYPE_STRING;
static const int csystem_DBUS_TYPE_OBJECT_PATH = DBUS_TYPE_OBJECT_PATH;
static const int csystem_DBUS_TYPE_SIGNATURE = DBUS_TYPE_SIGNATURE;
static const int csystem_DBUS_TYPE_ARRAY = DBUS_TYPE_ARRAY;
static const int csystem_DBUS_TYPE_STRUCT = DBUS_TYPE_STRUCT;
static const int csystem_DBUS_TYPE_VARIANT = DBUS_TYPE_VARIANT;
static const int csystem_DBUS_TYPE_DICT_ENTRY = DBUS_TYPE_DICT_ENTRY;

// Reading and writing a basic value through DBusBasicValue, so Swift needs no union tricks.
int csystem_dbus_append_int(DBusMessageIter *iter, int type, int64_t value);
int csystem_dbus_append_uint(DBusMessageIter *iter, int type, uint64_t value);
int csystem_dbus_append_double(DBusMessageIter *iter, double value);
int csystem_dbus_append_string(DBusMessageIter *iter, int type, const char *value);
int64_t csystem_dbus_get_int(DBusMessageIter *iter);
uint64_t csystem_dbus_get_uint(DBusMessageIter *iter);
double csystem_dbus_get_double(DBusMessageIter *iter);
const char *csystem_dbus_get_string(DBusMessageIter *iter);

/// A device number's major and minor parts (glibc's major()/minor() are macros).
static inline unsigned int csystem_device_major(dev_t device) { return major(device); }
static inline unsigned int csystem_device_minor(dev_t device) { return minor(device); }

#endif
