#include <libevdev/libevdev.h>
#include <linux/input.h>
#include <libevdev/libevdev-uinput.h>
#include <linux/uinput.h>
#include <string.h>
#include <sys/ioctl.h>

// What Swift cannot call itself: EVIOCGKEY, EVIOCGSW and UI_SET_PHYS are function-like macros.

/// The keys of the device on `fd` down now, as a bitmap of KEY_MAX / 8 + 1 bytes (EVIOCGKEY):
/// 0, or -1 when the device cannot say.
static inline int cevdev_keys_down(int fd, unsigned char bits[KEY_MAX / 8 + 1]) {
    memset(bits, 0, KEY_MAX / 8 + 1);
    return ioctl(fd, EVIOCGKEY(KEY_MAX / 8 + 1), bits) < 0 ? -1 : 0;
}

/// The switches of the device on `fd` on now, as a bitmap of SW_MAX / 8 + 1 bytes (EVIOCGSW):
/// 0, or -1 when the device cannot say.
static inline int cevdev_switches_on(int fd, unsigned char bits[SW_MAX / 8 + 1]) {
    memset(bits, 0, SW_MAX / 8 + 1);
    return ioctl(fd, EVIOCGSW(SW_MAX / 8 + 1), bits) < 0 ? -1 : 0;
}

/// Sets the `phys` of the uinput device about to be made on `fd` (libevdev's
/// libevdev_uinput_create_from_device leaves it empty).
static inline int cevdev_uinput_set_phys(int fd, const char *phys) {
    return ioctl(fd, UI_SET_PHYS, phys);
}
