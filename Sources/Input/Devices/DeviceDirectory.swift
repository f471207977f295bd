internal import CSystem
import Loop
import SystemFiles

#if canImport(Glibc)
import Glibc
#endif

/// The nodes of a directory whose names start with a prefix (`/dev/input`'s `event*`, `/dev`'s
/// `uinput`), followed with inotify as devices come and go: created, removed, and changed (udev
/// sets a node's permissions just after creating it, and changes its ACL as sessions change).
public final class DeviceDirectory {
    public enum Change {
        case appeared(String)
        case disappeared(String)
    }

    let directory: String
    let prefix: String
    private let fd: Int32
    private var source: FileDescriptorSource?

    /// Follows the nodes of `directory` whose names start with `prefix`.
    public convenience init(directory: String, prefix: String = "event", loop: EventLoop, onChange: @escaping (Change) -> Void) throws(DeviceError) {
        try self.init(directory: directory, prefix: prefix, exactly: false, loop: loop, onChange: onChange)
    }

    /// Follows one file (`/dev/uinput`, logind's file for a user), through its folder: a file
    /// that is not there yet is seen when it appears. Nil for a path without a folder.
    public convenience init?(file: String, loop: EventLoop, onChange: @escaping (Change) -> Void) throws(DeviceError) {
        guard let slash = file.lastIndex(of: "/") else { return nil }
        try self.init(
            directory: String(file[..<slash]), prefix: String(file[file.index(after: slash)...]), exactly: true, loop: loop,
            onChange: onChange)
    }

    /// `exactly`: only the name `prefix` itself, not the longer ones it starts (`1000` of `10001`).
    private init(directory: String, prefix: String, exactly: Bool, loop: EventLoop, onChange: @escaping (Change) -> Void) throws(DeviceError) {
        self.directory = directory
        self.prefix = prefix
        fd = csystem_inotify_create()
        guard fd >= 0 else { throw .unusable(directory, "inotify: \(String(cString: strerror(errno)))") }
        // From here every property is set: a throw runs deinit, which closes fd.
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_ATTRIB | IN_MOVED_TO | IN_MOVED_FROM)
        guard inotify_add_watch(fd, directory, mask) >= 0 else {
            throw .unusable(directory, String(cString: strerror(errno)))
        }
        let fd = self.fd
        let directory = self.directory
        do {
            source = try loop.watch(fd: fd) { _ in
                for (name, mask) in DeviceDirectory.drain(fd) where exactly ? name == prefix : name.hasPrefix(prefix) {
                    let path = directory + "/" + name
                    if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                        onChange(.disappeared(path))
                    } else {
                        onChange(.appeared(path))
                    }
                }
            }
        } catch {
            throw .unusable(directory, error.description)
        }
    }

    deinit {
        source?.cancel()
        close(fd)
    }

    /// The nodes there now, in order.
    public func scan() -> [String] {
        SmallFile.names(in: directory).filter { $0.hasPrefix(prefix) }.map { directory + "/" + $0 }
            .sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
    }

    /// Reads every pending inotify record: (name, mask).
    private static func drain(_ fd: Int32) -> [(String, UInt32)] {
        var records: [(String, UInt32)] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return records }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (mask, length) = buffer.withUnsafeBytes { raw in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.mask, Int(event.len))
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let name = String(decoding: buffer[nameStart..<min(nameStart + length, count)].prefix { $0 != 0 }, as: UTF8.self)
                records.append((name, mask))
                offset = nameStart + length
            }
        }
    }
}
