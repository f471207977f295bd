#include "csystem.h"

#include <errno.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int csystem_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

static int epoll_control(int epfd, int op, int fd, uint32_t events, uint64_t token) {
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = events;
    event.data.u64 = token;
    return epoll_ctl(epfd, op, fd, &event);
}

int csystem_epoll_add(int epfd, int fd, uint32_t events, uint64_t token) {
    return epoll_control(epfd, EPOLL_CTL_ADD, fd, events, token);
}

int csystem_epoll_modify(int epfd, int fd, uint32_t events, uint64_t token) {
    return epoll_control(epfd, EPOLL_CTL_MOD, fd, events, token);
}

int csystem_epoll_remove(int epfd, int fd) { return epoll_ctl(epfd, EPOLL_CTL_DEL, fd, NULL); }

int csystem_epoll_wait(int epfd, uint64_t *tokens, uint32_t *events, int capacity, int timeout_ms) {
    struct epoll_event batch[64];
    if (capacity > 64) capacity = 64;
    int count;
    do {
        count = epoll_wait(epfd, batch, capacity, timeout_ms);
    } while (count < 0 && errno == EINTR);
    for (int i = 0; i < count; i++) {
        tokens[i] = batch[i].data.u64;
        events[i] = batch[i].events;
    }
    return count;
}

int csystem_timerfd_create(void) { return timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC); }

int csystem_timerfd_arm(int fd, uint64_t value_ns, uint64_t interval_ns) {
    struct itimerspec spec;
    spec.it_value.tv_sec = (time_t)(value_ns / 1000000000u);
    spec.it_value.tv_nsec = (long)(value_ns % 1000000000u);
    spec.it_interval.tv_sec = (time_t)(interval_ns / 1000000000u);
    spec.it_interval.tv_nsec = (long)(interval_ns % 1000000000u);
    return timerfd_settime(fd, 0, &spec, NULL);
}

uint64_t csystem_timerfd_read(int fd) {
    uint64_t expirations = 0;
    if (read(fd, &expirations, sizeof expirations) != sizeof expirations) return 0;
    return expirations;
}

int csystem_signalfd_create(const int *signals, int count) {
    sigset_t mask;
    sigemptyset(&mask);
    for (int i = 0; i < count; i++) sigaddset(&mask, signals[i]);
    if (pthread_sigmask(SIG_BLOCK, &mask, NULL) != 0) return -1;
    return signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
}

int csystem_signalfd_read(int fd) {
    struct signalfd_siginfo info;
    if (read(fd, &info, sizeof info) != sizeof info) return -1;
    return (int)info.ssi_signo;
}

int csystem_inotify_create(void) { return inotify_init1(IN_NONBLOCK | IN_CLOEXEC); }

uint64_t csystem_monotonic_us(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000u + (uint64_t)now.tv_nsec / 1000u;
}

int csystem_dbus_append_int(DBusMessageIter *iter, int type, int64_t value) {
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

int csystem_dbus_append_uint(DBusMessageIter *iter, int type, uint64_t value) {
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

int csystem_dbus_append_double(DBusMessageIter *iter, double value) {
    DBusBasicValue basic;
    basic.dbl = value;
    return dbus_message_iter_append_basic(iter, DBUS_TYPE_DOUBLE, &basic);
}

int csystem_dbus_append_string(DBusMessageIter *iter, int type, const char *value) {
    return dbus_message_iter_append_basic(iter, type, &value);
}

int64_t csystem_dbus_get_int(DBusMessageIter *iter) {
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

uint64_t csystem_dbus_get_uint(DBusMessageIter *iter) {
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

double csystem_dbus_get_double(DBusMessageIter *iter) {
    DBusBasicValue basic;
    basic.dbl = 0;
    dbus_message_iter_get_basic(iter, &basic);
    return basic.dbl;
}

const char *csystem_dbus_get_string(DBusMessageIter *iter) {
    const char *value = NULL;
    dbus_message_iter_get_basic(iter, &value);
    return value;
}
