#!/usr/bin/python3
"""A player app written for the tests: it exports org.mediaremote.Responder1 objects, asks
MediaRemote to make them first responder, and records every event it receives.

usage: responder_app.py ADDRESS [--begin] [PATH=BEHAVIOR ...]
  BEHAVIOR  all            handle every event
            none           decline every event
            exit           leave the bus (exit) when the first event arrives, without answering
            slow           handle every event, answering 1 s late (past MediaRemote's timeout)
            slowend        handle every event, answering the end of a seek 1 s late
            decline:A,B    decline the subtypes A and B, handle the rest
Pushes the paths in order (the last is first responder), then prints "ready UNIQUE_NAME".
Prints "PATH MEMBER SUBTYPE" for each call it gets. Reads commands on stdin:
  resign PATH / push PATH / end / begin   → prints "done COMMAND RESULT"
"""
import os
import sys
import time

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

RESPONDER = "org.mediaremote.Responder1"


class Responder(dbus.service.Object):
    def __init__(self, bus, path, behavior):
        super().__init__(bus, path)
        self.path = path
        self.behavior = behavior

    def answer(self, member, subtype):
        print(self.path, member, subtype, flush=True)
        if self.behavior == "exit":
            os._exit(0)
        if self.behavior == "none":
            return False
        if self.behavior == "slow" or (self.behavior == "slowend" and subtype.startswith("endSeeking")):
            time.sleep(1)
        if self.behavior.startswith("decline:"):
            return subtype not in self.behavior[len("decline:"):].split(",")
        return True

    @dbus.service.method(RESPONDER, in_signature="st", out_signature="b")
    def RemoteControlReceived(self, subtype, timestamp):
        return self.answer("RemoteControlReceived", subtype)

    @dbus.service.method(RESPONDER, in_signature="st", out_signature="b")
    def MotionBegan(self, subtype, timestamp):
        return self.answer("MotionBegan", subtype)

    @dbus.service.method(RESPONDER, in_signature="st", out_signature="b")
    def MotionEnded(self, subtype, timestamp):
        return self.answer("MotionEnded", subtype)

    @dbus.service.method(RESPONDER, in_signature="st", out_signature="b")
    def MotionCancelled(self, subtype, timestamp):
        return self.answer("MotionCancelled", subtype)


def main():
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(sys.argv[1])
    bridge = dbus.Interface(bus.get_object("org.mediaremote.MediaRemote1", "/org/mediaremote/MediaRemote1",
                                           introspect=False), "org.mediaremote.MediaRemote1")
    loop = GLib.MainLoop()
    objects = []
    specs = [a for a in sys.argv[2:] if "=" in a]
    for spec in specs:
        path, behavior = spec.split("=", 1)
        objects.append(Responder(bus, path, behavior))

    def setup():
        if "--begin" in sys.argv:
            bridge.BeginReceivingRemoteControlEvents()
        for spec in specs:
            path = spec.split("=", 1)[0]
            bridge.BecomeFirstResponder(dbus.ObjectPath(path), reply_handler=lambda ok, p=path: print("pushed", p, bool(ok), flush=True),
                                        error_handler=lambda e, p=path: print("push-failed", p, e.get_dbus_name(), flush=True))
        print("ready", bus.get_unique_name(), flush=True)
        return False

    def command(source, condition):
        line = sys.stdin.readline()
        if not line:
            loop.quit()
            return False
        words = line.split()
        if words[0] == "resign":
            result = bridge.ResignFirstResponder(dbus.ObjectPath(words[1]))
        elif words[0] == "push":
            result = bridge.BecomeFirstResponder(dbus.ObjectPath(words[1]))
        elif words[0] == "end":
            result = bridge.EndReceivingRemoteControlEvents()
        elif words[0] == "begin":
            result = bridge.BeginReceivingRemoteControlEvents()
        else:
            result = "unknown"
        print("done", line.strip(), bool(result) if result is not None else None, flush=True)
        return True

    GLib.idle_add(setup)
    GLib.io_add_watch(sys.stdin, GLib.IO_IN | GLib.IO_HUP, command)
    loop.run()


if __name__ == "__main__":
    main()
