#if canImport(Glibc)
import Glibc
#endif

/// Where the configuration lives and how it is read: `$XDG_CONFIG_HOME/mediaremote/config.toml`
/// (`~/.config/…` when XDG_CONFIG_HOME is unset). No file means the defaults.
public enum ConfigurationFile {
    /// The file's path from the environment, or nil when neither XDG_CONFIG_HOME nor HOME is set.
    public static func defaultPath(environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) -> String? {
        if let config = environment("XDG_CONFIG_HOME"), config.hasPrefix("/") { return config + "/mediaremote/config.toml" }
        if let home = environment("HOME"), !home.isEmpty { return home + "/.config/mediaremote/config.toml" }
        return nil
    }

    /// The configuration in `path`: the defaults when `mustExist` is false and there is no
    /// such file; an error naming the file when it cannot be read or is not valid.
    public static func load(_ path: String, mustExist: Bool = false) throws(ConfigurationError) -> Configuration {
        let text: String
        switch read(path) {
        case .success(let contents):
            text = contents
        case .failure(let error) where error.code == ENOENT && !mustExist:
            return Configuration()
        case .failure(let error):
            throw ConfigurationError(file: path, problems: [.init(line: 0, key: nil, message: error.code == EILSEQ ? error.text : "cannot read it: \(error.text)")])
        }
        return try Configuration(toml: text, file: path)
    }

    /// Whether something is at `path`.
    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    struct ReadError: Error {
        let code: Int32
        var text: String { code == EILSEQ ? "it is not UTF-8 text" : String(cString: strerror(code)) }
    }

    /// The whole file, as text; at most 1 MiB (a configuration is a few lines).
    static func read(_ path: String) -> Result<String, ReadError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(ReadError(code: errno)) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while bytes.count <= 1 << 20 {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(ReadError(code: errno))
            }
            if count == 0 {
                guard let text = String(validating: bytes, as: UTF8.self) else { return .failure(ReadError(code: EILSEQ)) }
                return .success(text)
            }
            bytes += chunk[..<count]
        }
        return .failure(ReadError(code: EFBIG))
    }
}
