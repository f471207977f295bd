import SystemFiles

#if canImport(Glibc)
import Glibc
#endif

/// Where the configuration lives and how it is read: `$XDG_CONFIG_HOME/mediaremote/config.toml`
/// (`~/.config/…` when XDG_CONFIG_HOME is unset). No file means the defaults.
public enum ConfigurationFile {
    /// The file's path from the environment, or nil when neither XDG_CONFIG_HOME nor HOME is set.
    public static func defaultPath(environment: (String) -> String? = Environment.value) -> String? {
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
        case .failure(let failure) where failure.isMissing && !mustExist:
            return Configuration()
        case .failure(let failure) where failure.isMissing:
            throw ConfigurationError(file: path, problems: [.init(line: 0, key: nil, message: "no such file (a file named with --config must exist)")])
        case .failure(let failure):
            throw ConfigurationError(file: path, problems: [.init(line: 0, key: nil, message: failure.description)])
        }
        return try Configuration(toml: text, file: path)
    }

    /// The file's text, as the service reads it: UTF-8, and a few lines (a megabyte is not a
    /// configuration). For `load`, and for tools that tell a missing file from a broken one.
    public static func read(_ path: String) -> Result<String, TextFile.Failure> {
        TextFile.read(path, limit: 1 << 20)
    }

    /// The keys the file at `path` sets (`section.key`); none when it cannot be read or parsed.
    public static func keysSet(in path: String) -> Set<String> {
        guard case .success(let text) = read(path), let document = try? TOMLParser.parse(text) else { return [] }
        return Set(document.entries.map { $0.key.joined(separator: ".") })
    }

}
