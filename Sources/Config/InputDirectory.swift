import SystemFiles

/// Where the input devices are. Without the directory (a container, a server, a sandbox) no
/// device can be read at all, so nothing is taken over either: what /dev/uinput would change is
/// then beside the point. The sentence here is the one the journal, `mediaremotectl devices`
/// and `mediaremotectl check` say.
public enum InputDirectory {
    /// Where the kernel's evdev nodes are (the service's `--input-dir` names another, for tests).
    public static let standard = "/dev/input"

    /// What it means that there is no directory (`problem`, as `DevicePaths.directoryProblem(_:)` gives it).
    public static func missing(_ problem: String) -> String {
        "there is no input device directory (\(problem)): no media key or headset button can be read, and no device is taken over"
    }
}
