#if canImport(Glibc)
import Glibc
#endif

/// The process's environment, read where a default comes from it (the session bus, the audio
/// server, the configuration and state folders, the journal, the log level). Readers take it as
/// a function, `(String) -> String?`, so a test can pass its own.
public enum Environment {
    /// The variable's value, or nil when it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
