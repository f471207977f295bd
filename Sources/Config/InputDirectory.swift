#if canImport(Glibc)
import Glibc
#endif

/// Where the input devices are. Without the directory (a container, a server, a sandbox) no
/// device can be read at all, so nothing is taken over either: what /dev/uinput would change is
/// then beside the point. The sentence here is the one the journal, `mediaremotectl devices`
/// and `mediaremotectl check` say.
public enum InputDirectory {
    /// Where the kernel's evdev nodes are (the service's `--input-dir` names another, for tests).
    public static let standard = "/dev/input"

    /// Why `directory` holds no device to read, or nil when it is a directory.
    public static func problem(_ directory: String) -> String? {
        var status = stat()
        guard stat(directory, &status) == 0 else {
            return errno == ENOENT ? "\(directory) does not exist" : "\(directory): \(String(cString: strerror(errno)))"
        }
        return status.st_mode & S_IFMT == S_IFDIR ? nil : "\(directory) is not a directory"
    }

    /// What it means that there is no directory (`problem`, as ``problem(_:)`` gives it).
    public static func missing(_ problem: String) -> String {
        "there is no input device directory (\(problem)): no media key or headset button can be read, and no device is taken over"
    }
}
