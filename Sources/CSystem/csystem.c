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
