// What Swift's Glibc module does not bring: the Linux event APIs the event loop needs
// (epoll, timerfd, signalfd, the monotonic clock) and what device discovery needs (inotify,
// a device number's parts). No libdbus here: the loop links none.
#ifndef MEDIAREMOTE_CSYSTEM_H
#define MEDIAREMOTE_CSYSTEM_H

#include <stdint.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>
#include <sys/sysmacros.h>

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

/// A device number's major and minor parts (glibc's major()/minor() are macros).
static inline unsigned int csystem_device_major(dev_t device) { return major(device); }
static inline unsigned int csystem_device_minor(dev_t device) { return minor(device); }

#endif
