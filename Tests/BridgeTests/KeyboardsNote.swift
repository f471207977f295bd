/// What `mediaremotectl check` notes beside a valid file in a test, whose environment has no
/// system bus (PrivateBus points DBUS_SYSTEM_BUS_ADDRESS at a socket that is not there).
enum KeyboardsNote {
    static let sentence = "a keyboard's media keys go to the desktop: there is no system bus, where mediaremote-inputd would run"
    static let line = "mediaremotectl: note: " + sentence + "\n"
}
