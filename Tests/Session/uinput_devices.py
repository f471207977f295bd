#!/usr/bin/python3
"""Makes two uinput devices, as the kernel makes them for real hardware: a headset's media
buttons (keys, no typing keys: udev's input_id marks it ID_INPUT_KEY only) and a full keyboard
(ID_INPUT_KEYBOARD). Prints "media PATH" and "keyboard PATH" once both exist, then reads
commands on stdin:
  press media|keyboard KEY   a press and a release of KEY (an evdev name such as KEY_NEXTSONG)
                             → prints "pressed media|keyboard KEY"
  replug media|keyboard      the device unplugged and made again → prints "ROLE PATH" again
The devices go when stdin closes.
"""
import sys
import time

from evdev import UInput, ecodes

MEDIA_KEYS = [ecodes.KEY_PLAYPAUSE, ecodes.KEY_NEXTSONG, ecodes.KEY_PREVIOUSSONG, ecodes.KEY_STOPCD,
              ecodes.KEY_VOLUMEUP, ecodes.KEY_VOLUMEDOWN]
TYPING_KEYS = list(range(ecodes.KEY_ESC, ecodes.KEY_KPDOT + 1))


def make(role):
    if role == "media":
        return UInput({ecodes.EV_KEY: MEDIA_KEYS}, name="Session Test Headset", vendor=0x1234, product=0x5678)
    return UInput({ecodes.EV_KEY: TYPING_KEYS + MEDIA_KEYS}, name="Session Test Keyboard", vendor=0x1234, product=0x5679)


def main():
    devices = {role: make(role) for role in ("media", "keyboard")}
    for role, device in devices.items():
        print(role, device.device.path, flush=True)
    for line in sys.stdin:
        words = line.split()
        if len(words) == 2 and words[0] == "replug" and words[1] in devices:
            devices[words[1]].close()
            devices[words[1]] = make(words[1])
            print(words[1], devices[words[1]].device.path, flush=True)
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
