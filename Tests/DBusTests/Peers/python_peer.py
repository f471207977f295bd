#!/usr/bin/python3
"""An independent D-Bus peer written with python3-dbus, for interoperability tests.

serve ADDRESS: exports /org/mediaremote/PyPeer (interface org.mediaremote.PyPeer) on the bus
  at ADDRESS, prints "ready <unique name>", and echoes what it is sent until it is killed.
call ADDRESS DEST: calls org.mediaremote.Test.Echo* on DEST (our EchoObject) with values
  python3-dbus builds itself, checks each reply equals what was sent, and prints one line per
  case: "ok NAME" or "FAIL NAME: detail". Exits 1 on any failure.
"""
import os
import sys

import dbus
import dbus.service


def python_values():
    """(name, value) pairs covering every D-Bus type as python3-dbus writes them."""
    return [
        ("byte", dbus.Byte(200)),
        ("boolean", dbus.Boolean(True)),
        ("int16", dbus.Int16(-32768)),
        ("uint16", dbus.UInt16(65535)),
        ("int32", dbus.Int32(-2147483648)),
        ("uint32", dbus.UInt32(4294967295)),
        ("int64", dbus.Int64(-(2**63))),
        ("uint64", dbus.UInt64(2**64 - 1)),
        ("double", dbus.Double(3.25)),
        ("string", dbus.String("héllo ✓")),
        ("object_path", dbus.ObjectPath("/org/mpris/MediaPlayer2")),
        ("signature", dbus.Signature("a{sv}")),
        ("array", dbus.Array([dbus.String("a"), dbus.String("b")], signature="s")),
        ("empty_array", dbus.Array([], signature="(ii)")),
        ("dict", dbus.Dictionary({"title": dbus.String("Song", variant_level=1),
                                  "length": dbus.Int64(240000000, variant_level=1)}, signature="sv")),
        ("struct", dbus.Struct((dbus.Int32(1), dbus.String("two"), dbus.Double(3.0, variant_level=1)), signature="isv")),
        ("nested", dbus.Dictionary({dbus.ObjectPath("/a"): dbus.Array([dbus.Struct((dbus.Int32(1), dbus.Int32(2)))],
                                                                   signature="(ii)")}, signature="oa(ii)")),
        ("variant_in_variant", dbus.String("deep", variant_level=2)),
    ]


class PyPeer(dbus.service.Object):
    @dbus.service.method("org.mediaremote.PyPeer", in_signature="v", out_signature="v")
    def Echo(self, value):
        return value

    @dbus.service.method("org.mediaremote.PyPeer", in_signature="ybnqiuxtdsog", out_signature="ybnqiuxtdsog")
    def EchoBasics(self, y, b, n, q, i, u, x, t, d, s, o, g):
        return y, b, n, q, i, u, x, t, d, s, o, g

    @dbus.service.method("org.mediaremote.PyPeer", in_signature="a{sv}(iav)", out_signature="a{sv}(iav)")
    def EchoContainers(self, mapping, record):
        return mapping, record

    @dbus.service.method("org.mediaremote.PyPeer", in_signature="", out_signature="")
    def Fail(self):
        raise dbus.exceptions.DBusException("the python peer fails on purpose",
                                            name="org.mediaremote.PyPeer.Error.OnPurpose")


def serve(address):
    from gi.repository import GLib
    import dbus.mainloop.glib

    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(address)
    PyPeer(bus, "/org/mediaremote/PyPeer")
    print("ready", bus.get_unique_name(), flush=True)
    GLib.MainLoop().run()


def call(address, destination):
    bus = dbus.bus.BusConnection(address)
    proxy = bus.get_object(destination, "/org/mediaremote/Test", introspect=False)
    echo = dbus.Interface(proxy, "org.mediaremote.Test")
    failures = 0

    def check(name, sent, received, wrapped=0):
        """Equal value and type; a reply read from a variant is `wrapped` levels deeper."""
        nonlocal failures
        if sent == received and type(sent) is type(received) and \
                getattr(sent, "variant_level", 0) + wrapped == getattr(received, "variant_level", 0):
            print("ok", name)
        else:
            failures += 1
            print(f"FAIL {name}: sent {sent!r}, received {received!r}")

    for name, value in python_values():
        # python3-dbus wraps a plain value in one variant; one that has a variant level is sent as it is.
        check(name, value, echo.Echo(value, signature="v"), wrapped=0 if getattr(value, "variant_level", 0) else 1)
    basics = [value for _, value in python_values()[:12]]
    for name, sent, received in zip([n for n, _ in python_values()[:12]], basics,
                                    echo.EchoBasics(*basics, signature="ybnqiuxtdsog")):
        check("basics." + name, sent, received)
    # A file descriptor comes back as another descriptor for the same pipe.
    read_end, write_end = os.pipe()
    received = echo.EchoFD(dbus.types.UnixFd(read_end), signature="h")
    os.write(write_end, b"x")
    with os.fdopen(received.take(), "rb") as f:
        data = f.read(1)
    print("ok fd" if data == b"x" else f"FAIL fd: read {data!r}")
    failures += 0 if data == b"x" else 1
    try:
        echo.Fail("as asked", signature="s")
        failures += 1
        print("FAIL error: Fail did not fail")
    except dbus.exceptions.DBusException as error:
        ok = error.get_dbus_name() == "org.mediaremote.Test.Error.Requested" and error.get_dbus_message() == "as asked"
        print("ok error" if ok else f"FAIL error: {error.get_dbus_name()}: {error.get_dbus_message()}")
        failures += 0 if ok else 1
    return 1 if failures else 0


if __name__ == "__main__":
    if sys.argv[1] == "serve":
        serve(sys.argv[2])
    else:
        sys.exit(call(sys.argv[2], sys.argv[3]))
