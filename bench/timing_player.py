#!/usr/bin/python3
"""A minimal MPRIS player for the latency benchmark: it owns org.mpris.MediaPlayer2.benchplayer,
says it is Playing and can do everything, and prints CLOCK_MONOTONIC in nanoseconds each
time a Player method reaches it. usage: timing_player.py ADDRESS"""
import sys
import time

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

PLAYER = "org.mpris.MediaPlayer2.Player"
ROOT = "org.mpris.MediaPlayer2"
PROPERTIES = {
    PLAYER: {"PlaybackStatus": "Playing", "CanControl": True, "CanPlay": True, "CanPause": True,
             "CanGoNext": True, "CanGoPrevious": True, "CanSeek": True,
             "Metadata": dbus.Dictionary({"mpris:trackid": dbus.ObjectPath("/t/1")}, signature="sv"),
             "Rate": 1.0, "Volume": 1.0, "Position": dbus.Int64(0), "MinimumRate": 1.0, "MaximumRate": 1.0,
             "LoopStatus": "None", "Shuffle": False},
    ROOT: {"Identity": "bench", "CanQuit": False, "CanRaise": False, "HasTrackList": False,
           "SupportedUriSchemes": dbus.Array([], signature="s"), "SupportedMimeTypes": dbus.Array([], signature="s")},
}


class TimingPlayer(dbus.service.Object):
    def mark(self):
        print(time.monotonic_ns(), flush=True)

    @dbus.service.method(PLAYER)
    def PlayPause(self):
        self.mark()

    @dbus.service.method(PLAYER)
    def Play(self):
        self.mark()

    @dbus.service.method(PLAYER)
    def Pause(self):
        self.mark()

    @dbus.service.method(PLAYER)
    def Next(self):
        self.mark()

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        return PROPERTIES[interface][name]

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return PROPERTIES.get(interface, {})


dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.bus.BusConnection(sys.argv[1])
player = TimingPlayer(bus, "/org/mpris/MediaPlayer2")
name = dbus.service.BusName("org.mpris.MediaPlayer2.benchplayer", bus)
print("ready", flush=True)
GLib.MainLoop().run()
