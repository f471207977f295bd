#if canImport(Glibc)
import Glibc
#endif

/// What the machine lets MediaRemote reach: /dev/uinput written, an input device directory
/// there. The probes only; what each answer means to a person is said by the configuration's
/// sentences (`UInputAccess`, `InputDirectory`).
public enum DevicePaths {
    /// Where clones of the devices taken over are made.
    public static let uinput = "/dev/uinput"

    /// Why /dev/uinput cannot be written, or nil when it can.
    public static func uinputProblem() -> String? {
        let fd = open(uinput, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd < 0 else {
            close(fd)
            return nil
        }
        let code = errno
        if code == EACCES || code == EPERM { return "no permission to write \(uinput)" }
        return "cannot open \(uinput): \(String(cString: strerror(code)))"
    }

    /// Why `directory` holds no device to read, or nil when it is a directory.
    public static func directoryProblem(_ directory: String) -> String? {
        var status = stat()
        guard stat(directory, &status) == 0 else {
            return errno == ENOENT ? "\(directory) does not exist" : "\(directory): \(String(cString: strerror(errno)))"
        }
        return status.st_mode & S_IFMT == S_IFDIR ? nil : "\(directory) is not a directory"
    }
}
