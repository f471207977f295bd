/// What to tell a person whose device MediaRemote would read but may not open: whether
/// udev/70-mediaremote.rules grants such a device (decided by the rule's own tests), and so
/// which fix applies.
enum PermissionAdvice {
    /// Whether the rule grants the device to the seat's user: by the properties udev gave it
    /// (its database, `UdevProperties`), as the rule tests them; by what the device reports
    /// when udev has no record of it.
    static func ruleGrants(name: String, classification: DeviceClass, udev: [String: String]) -> Bool {
        if name.hasSuffix(" (AVRCP)") { return true }
        guard !udev.isEmpty else { return [.mediaDevice, .accelerometer, .headphoneJack].contains(classification) }
        if udev["ID_INPUT_ACCELEROMETER"] == "1" { return true }
        let neverGranted = ["ID_INPUT_KEYBOARD", "ID_INPUT_MOUSE", "ID_INPUT_TOUCHPAD", "ID_INPUT_TOUCHSCREEN"]
        if neverGranted.contains(where: { udev[$0] == "1" }) { return false }
        if udev["ID_INPUT_KEY"] == "1" { return true }
        return udev["ID_INPUT_SWITCH"] == "1" && ["Headphone", "Headset", "Jack"].contains { name.contains($0) }
    }

    /// The fix, for the log line and `mediaremotectl devices`.
    static func fix(ruleGrants: Bool) -> String {
        ruleGrants
            ? "install udev/70-mediaremote.rules (it grants the active seat's user its media devices and accelerometers; "
                + "if it is installed, this session is not the seat's active one) or add yourself to the input group"
            : "add yourself to the input group (udev/70-mediaremote.rules grants media devices and accelerometers only, "
                + "not this one)"
    }
}
