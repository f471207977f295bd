#!/usr/bin/python3
"""Makes three uinput devices, as the kernel and BlueZ make them for real hardware: a headset's
media buttons (keys, no typing keys: udev's input_id marks it ID_INPUT_KEY only), a full
keyboard (ID_INPUT_KEYBOARD), and a Bluetooth headset's buttons as BlueZ forwards them ("…
(AVRCP)", on the Bluetooth bus). Prints "media PATH", "keyboard PATH" and "avrcp PATH" once
they exist, then reads commands on stdin:
  press media|keyboard KEY   a press and a release of KEY (an evdev name such as KEY_NEXTSONG)
                             → prints "pressed media|keyboard KEY"
  down|up ROLE KEY           the key pressed, or released, alone → prints "down|up ROLE KEY"
  replug ROLE                the device unplugged and made again → prints "ROLE PATH" again
The devices go when stdin closes.
"""
import fcntl
import os
import sys
import time

from evdev import UInput, ecodes

MEDIA_KEYS = [ecodes.KEY_PLAYPAUSE, ecodes.KEY_NEXTSONG, ecodes.KEY_PREVIOUSSONG, ecodes.KEY_STOPCD,
              ecodes.KEY_VOLUMEUP, ecodes.KEY_VOLUMEDOWN]
TYPING_KEYS = list(range(ecodes.KEY_ESC, ecodes.KEY_KPDOT + 1))


AVRCP_KEYS = [ecodes.KEY_PLAYCD, ecodes.KEY_PAUSECD, ecodes.KEY_PLAYPAUSE, ecodes.KEY_STOPCD, ecodes.KEY_NEXTSONG,
              ecodes.KEY_PREVIOUSSONG, ecodes.KEY_FASTFORWARD, ecodes.KEY_REWIND, ecodes.KEY_VOLUMEUP, ecodes.KEY_VOLUMEDOWN]
ROLES = ("media", "keyboard", "avrcp")


def node(device):
    """The device's own node, from the kernel's name for it (UI_GET_SYSNAME). python-evdev's
    device.path looks for a device by name, and finds MediaRemote's clone as often as not: a
    clone bears its device's name."""
    length = 64
    request = (2 << 30) | (length << 16) | (ord("U") << 8) | 44  # UI_GET_SYSNAME(64)
    sysname = fcntl.ioctl(device.fd, request, bytes(length)).split(b"\0")[0].decode()
    directory = f"/sys/devices/virtual/input/{sysname}"
    return "/dev/input/" + next(name for name in os.listdir(directory) if name.startswith("event"))


def make(role):
    if role == "media":
        return UInput({ecodes.EV_KEY: MEDIA_KEYS}, name="Session Test Headset", vendor=0x1234, product=0x5678)
    if role == "avrcp":
        return UInput({ecodes.EV_KEY: AVRCP_KEYS}, name="Session Test Earbuds (AVRCP)", bustype=ecodes.BUS_BLUETOOTH)
    # With Caps Lock's and Num Lock's LEDs, as a real keyboard.
    return UInput({ecodes.EV_KEY: TYPING_KEYS + MEDIA_KEYS, ecodes.EV_LED: [ecodes.LED_CAPSL, ecodes.LED_NUML]},
                  name="Session Test Keyboard", vendor=0x1234, product=0x5679)


def main():
    devices = {role: make(role) for role in ROLES}
    for role, device in devices.items():
        print(role, node(device), flush=True)
    for line in sys.stdin:
        words = line.split()
        if len(words) == 2 and words[0] == "replug" and words[1] in devices:
            devices[words[1]].close()
            devices[words[1]] = make(words[1])
            print(words[1], node(devices[words[1]]), flush=True)
        if len(words) == 3 and words[0] in ("down", "up") and words[1] in devices:
            device = devices[words[1]]
            device.write(ecodes.EV_KEY, ecodes.ecodes[words[2]], 1 if words[0] == "down" else 0)
            device.syn()
            print(words[0], words[1], words[2], flush=True)
        if len(words) == 3 and words[0] == "press" and words[1] in devices:
            device, key = devices[words[1]], ecodes.ecodes[words[2]]
            device.write(ecodes.EV_KEY, key, 1)
            device.syn()
            time.sleep(0.02)
            device.write(ecodes.EV_KEY, key, 0)
            device.syn()
            print("pressed", words[1], words[2], flush=True)
    for device in devices.values():
        device.close()


if __name__ == "__main__":
    main()
