import SystemFiles

#if canImport(Glibc)
import Glibc
#endif

/// A device's udev properties, read from udev's database (`/run/udev/data/c<major>:<minor>`,
/// lines `E:NAME=value`) without linking libudev.
enum UdevProperties {
    /// Where udev keeps them.
    static let database = "/run/udev/data"

    /// Where udev listens while it runs.
    static let control = "/run/udev/control"

    static func read(major: UInt32, minor: UInt32, database: String = database) -> [String: String] {
        entry(major: major, minor: minor, database: database) ?? [:]
    }

    /// The properties; nil when udev has no entry for the device (not there yet, or no udev).
    static func entry(major: UInt32, minor: UInt32, database: String = database) -> [String: String]? {
        guard let text = SmallFile.read("\(database)/c\(major):\(minor)") else { return nil }
        var properties: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("E:") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            properties[String(line[line.index(line.startIndex, offsetBy: 2)..<equals])] = String(line[line.index(after: equals)...])
        }
        return properties
    }
}
