#if canImport(Glibc)
import Glibc
#endif

/// The kernel's and udev's small text files (sysfs, /proc, /run/udev/data): read whole, or nil.
/// Decoded leniently, unlike ``TextFile``'s strict reading of what a person wrote: a process's
/// name in /proc may be any bytes, and one odd byte must not hide its parent.
public enum SmallFile {
    /// The most read of one (a /proc/PID/root/.flatpak-info is the largest read, a few hundred
    /// bytes; a sysfs value, a line).
    public static let limit = 65_536

    public static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < limit {
            let count = Glibc.read(fd, &buffer, min(buffer.count, limit - bytes.count))
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The names in a directory (`.` and `..` included), in the order the directory gives them;
    /// none when it cannot be read.
    public static func names(in directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        return names
    }

    /// A file of `KEY=value` lines, as logind keeps for sd-login (`/run/systemd/seats/seat0`,
    /// `/run/systemd/users/1000`): the value of each key; nil when the file cannot be read.
    public static func assignments(_ path: String) -> [String: String]? {
        guard let text = read(path) else { return nil }
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return values
    }

    /// The file's first word as a number (sysfs values end with a newline).
    public static func number(_ path: String) -> Double? {
        read(path)?.split(whereSeparator: \.isWhitespace).first.flatMap { Double($0) }
    }
}
