import SystemFiles

/// Whether MediaRemote can take devices over: it makes their clones through /dev/uinput, which
/// udev/70-mediaremote.rules grants the person at the seat. Without it devices are read
/// shared, and a desktop reading the same device acts on its keys too. The sentences here are
/// the ones the journal, `mediaremotectl devices` and `mediaremotectl check` say; the probe is
/// `DevicePaths.uinputProblem()`.
public enum UInputAccess {
    /// The fix, for every place that says there is no uinput.
    public static let fix =
        "install udev/70-mediaremote.rules (it grants /dev/uinput to the person at the seat) and run "
        + "`sudo udevadm trigger --sysname-match=uinput` (the devices are then taken over by themselves), or log in again"

    /// Said once when devices are read shared: what it means, and the fix.
    public static func sharedWarning(_ problem: String) -> String {
        "media devices are read shared, not taken over (\(problem)): a desktop reading the same device "
            + "(GNOME, Plasma, sway…) will act on its keys too, so a press can act twice; to fix it, \(fix)"
    }

    /// Why `configuration` cannot be applied on this machine, or nil when it can. A
    /// configuration that reads keyboards is refused without uinput, for a keyboard read shared
    /// acts twice on every media key. `uinputProblem` says why /dev/uinput cannot be written (nil:
    /// it can), and is asked only when keyboards are to be read; `undo` is the other way out, in
    /// the words of where the setting came from (the file's key, or the flag).
    public static func refusal(
        of configuration: Configuration, uinputProblem: () -> String?, undo: @autoclosure () -> String = "set read_keyboards = false"
    ) -> String? {
        guard configuration.readKeyboards, let problem = uinputProblem() else { return nil }
        return keyboardRefusal(problem, undo: undo())
    }

    static func keyboardRefusal(_ problem: String, undo: String) -> String {
        "keyboards are read only taken over, never shared (the desktop acts on their media keys too), "
            + "and \(problem); \(fix), or \(undo)"
    }
}
