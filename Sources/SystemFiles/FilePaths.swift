#if canImport(Glibc)
import Glibc
#endif

/// Paths as any process can follow them: the service names the configuration file it reads,
/// and `mediaremotectl check` tells whether that is the file it checked, from another working
/// directory.
public enum FilePaths {
    /// `path` from the root: a relative path is taken from the working directory.
    public static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/"), let directory = getcwd(nil, 0) else { return path }
        defer { free(directory) }
        return String(cString: directory) + "/" + path
    }

    /// Whether two paths name one file: the same file when both lead to one (through links,
    /// `..`), or else the same absolute path.
    public static func same(_ one: String, _ other: String) -> Bool {
        func resolved(_ path: String) -> String {
            guard let real = realpath(absolute(path), nil) else { return absolute(path) }
            defer { free(real) }
            return String(cString: real)
        }
        return resolved(one) == resolved(other)
    }

    /// Whether there is anything at `path`.
    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }
}
