#if canImport(Glibc)
import Glibc
#endif

/// A device's udev properties, read from udev's database (`/run/udev/data/c<major>:<minor>`,
/// lines `E:NAME=value`) without linking libudev.
enum UdevProperties {
    /// Where udev keeps them.
    static let database = "/run/udev/data"

    static func read(major: UInt32, minor: UInt32, database: String = database) -> [String: String] {
        guard let text = SysfsFile.read("\(database)/c\(major):\(minor)") else { return [:] }
        var properties: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("E:") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            properties[String(line[line.index(line.startIndex, offsetBy: 2)..<equals])] = String(line[line.index(after: equals)...])
        }
        return properties
    }
}

/// Small text files of sysfs and /run: read whole, or nil.
enum SysfsFile {
    static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = Glibc.read(fd, &bytes, bytes.count)
        guard count >= 0 else { return nil }
        return String(decoding: bytes[0..<count], as: UTF8.self)
    }

    /// The names in a directory (`.` and `..` included), in the order the directory gives them;
    /// none when it cannot be read.
    static func names(in directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        return names
    }

    /// The file's first word as a number (sysfs values end with a newline).
    static func number(_ path: String) -> Double? {
        read(path)?.split(whereSeparator: \.isWhitespace).first.flatMap { Double($0) }
    }
}
