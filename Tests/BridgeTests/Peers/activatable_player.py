#!/usr/bin/python3
"""A D-Bus activatable player app written for the tests, as the Desktop Entry Specification's
DBusActivatable=true apps are (GNOME Music, Lollypop): the bus starts it for a call to its
app id, it takes org.freedesktop.Application.Activate, and it is an MPRIS player whose
DesktopEntry is that id. Paused on a track; Play plays it.

usage: activatable_player.py APP_ID MARK
Started by the bus (DBUS_STARTER_ADDRESS). Appends "activated" to MARK for each Activate.
"""
import os
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

APPLICATION = "org.freedesktop.Application"
ROOT = "org.mpris.MediaPlayer2"
PLAYER = "org.mpris.MediaPlayer2.Player"
PROPERTIES = "org.freedesktop.DBus.Properties"


class App(dbus.service.Object):
    def __init__(self, bus, path, mark):
        super().__init__(bus, path)
        self.mark = mark

    @dbus.service.method(APPLICATION, in_signature="a{sv}")
    def Activate(self, platform_data):
        with open(self.mark, "a") as mark:
            mark.write("activated\n")

    @dbus.service.method(APPLICATION, in_signature="asa{sv}")
    def Open(self, uris, platform_data):
        pass

    @dbus.service.method(APPLICATION, in_signature="sava{sv}")
    def ActivateAction(self, name, parameter, platform_data):
        pass


class Player(dbus.service.Object):
    def __init__(self, bus, app_id, loop):
        super().__init__(bus, "/org/mpris/MediaPlayer2")
        self.loop = loop
        self.values = {
            ROOT: {"Identity": "Activatable Player", "DesktopEntry": app_id, "CanQuit": True, "CanRaise": False,
                   "HasTrackList": False, "SupportedUriSchemes": dbus.Array([], "s"), "SupportedMimeTypes": dbus.Array([], "s")},
            PLAYER: {"PlaybackStatus": "Paused", "CanControl": True, "CanPlay": True, "CanPause": True,
                     "CanGoNext": False, "CanGoPrevious": False, "CanSeek": False,
                     "Metadata": dbus.Dictionary({"mpris:trackid": dbus.ObjectPath("/track/1"), "xesam:title": "Track 1"}, "sv")},
        }

    @dbus.service.method(PROPERTIES, in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        return self.values[interface][name]

    @dbus.service.method(PROPERTIES, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return dbus.Dictionary(self.values.get(interface, {}), "sv")

    @dbus.service.signal(PROPERTIES, signature="sa{sv}as")
    def PropertiesChanged(self, interface, changed, invalidated):
        pass

    def set_status(self, status):
        self.values[PLAYER]["PlaybackStatus"] = status
        self.PropertiesChanged(PLAYER, dbus.Dictionary({"PlaybackStatus": status}, "sv"), dbus.Array([], "s"))

    @dbus.service.method(PLAYER)
    def Play(self):
        self.set_status("Playing")

    @dbus.service.method(PLAYER)
    def Pause(self):
        self.set_status("Paused")

    @dbus.service.method(PLAYER)
    def PlayPause(self):
        self.set_status("Paused" if self.values[PLAYER]["PlaybackStatus"] == "Playing" else "Playing")

    @dbus.service.method(ROOT)
    def Quit(self):
        GLib.idle_add(self.loop.quit)


def main():
    app_id, mark = sys.argv[1], sys.argv[2]
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(os.environ["DBUS_STARTER_ADDRESS"])
    loop = GLib.MainLoop()
    # The objects before the names: a call the bus queued for the app id is answered at once.
    app = App(bus, "/" + app_id.replace(".", "/"), mark)
    player = Player(bus, app_id, loop)
    bus.request_name(app_id)
    bus.request_name("org.mpris.MediaPlayer2.activatable")
    loop.run()
    del app, player


main()
