#if canImport(Glibc)
import Glibc
#endif

extension TextFile {
    /// Why a file could not be replaced: the step that failed and its errno.
    public struct WriteFailure: Error, Equatable, CustomStringConvertible {
        public let step: String
        public let code: Int32

        public var description: String { "cannot \(step): \(String(cString: strerror(code)))" }
    }

    /// Replaces the file at `path` with `text`, so that a reader, or a process killed at any
    /// moment of it, finds either the old file whole or the new one whole, never a part: the
    /// text goes to `PATH.tmp` first, and is renamed over the file (rename is atomic). The folders on the way are made (0700) if missing; the file is 0600.
    public static func replace(_ path: String, with text: String) throws(WriteFailure) {
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex { try makeFolders(String(path[..<slash])) }
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw WriteFailure(step: "create \(temporary)", code: errno) }
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let code = errno
                close(fd)
                unlink(temporary)
                throw WriteFailure(step: "write \(temporary)", code: code)
            }
            written += count
        }
        // No fsync: a process killed at any moment leaves the page cache to the kernel, which
        // writes it all, and a rename over a file makes ext4 (auto_da_alloc), XFS and btrfs
        // write the new file's blocks before the rename. An fsync would guard against a power
        // cut on other file systems at the cost of stalling the one event loop on the disk (tens
        // of milliseconds on a busy one, seconds at worst), which media keys wait on.
        close(fd)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw WriteFailure(step: "rename \(temporary) to \(path)", code: code)
        }
    }

    /// `mkdir -p`, each folder made 0700.
    private static func makeFolders(_ path: String) throws(WriteFailure) {
        var made = ""
        for component in path.split(separator: "/") {
            made += "/" + component
            if mkdir(made, 0o700) != 0, errno != EEXIST { throw WriteFailure(step: "make the folder \(made)", code: errno) }
        }
        var status = stat()
        guard stat(path, &status) == 0 else { throw WriteFailure(step: "make the folder \(path)", code: errno) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw WriteFailure(step: "make the folder \(path)", code: ENOTDIR) }
    }
}
