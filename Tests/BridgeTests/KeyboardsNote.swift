/// What `mediaremotectl check` notes beside a valid file when mediaremote-inputd is not running
/// (a test's system bus is one with no service on it: PrivateBus).
enum KeyboardsNote {
    static let sentence = "a keyboard's media keys go to the desktop, for mediaremote-inputd is not running; "
        + "to route them through MediaRemote: sudo systemctl enable --now mediaremote-inputd"
    static let line = "mediaremotectl: note: " + sentence + "\n"
}
