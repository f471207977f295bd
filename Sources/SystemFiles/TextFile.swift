#if canImport(Glibc)
import Glibc
#endif

/// Whole text files, read and replaced without Foundation (the daemon links none): the
/// configuration, the recordings `mediaremotectl motion replay` reads (from standard input
/// too), and the service's state file (TextFile+Replacing.swift).
public enum TextFile {
    /// Why a file could not be read: its errno (EILSEQ: not UTF-8; EFBIG: past the limit).
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let code: Int32

        public var isMissing: Bool { code == ENOENT }

        public var description: String {
            switch code {
            case EILSEQ: "it is not UTF-8 text"
            case EFBIG: "it is too large"
            default: "cannot read it: \(String(cString: strerror(code)))"
            }
        }
    }

    /// The file's text, if it is UTF-8 and at most `limit` bytes.
    public static func read(_ path: String, limit: Int = 1 << 30) -> Result<String, Failure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(Failure(code: errno)) }
        defer { close(fd) }
        return read(descriptor: fd, limit: limit)
    }

    /// The text of a file already open (standard input: `STDIN_FILENO`), read to its end, if
    /// it is UTF-8 and at most `limit` bytes. The descriptor stays open.
    public static func read(descriptor fd: Int32, limit: Int = 1 << 30) -> Result<String, Failure> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(code: errno))
            }
            if count == 0 {
                guard let text = String(validating: bytes, as: UTF8.self) else { return .failure(Failure(code: EILSEQ)) }
                return .success(text)
            }
            bytes += chunk[..<count]
        }
        return .failure(Failure(code: EFBIG))
    }
}
