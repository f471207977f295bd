#if canImport(Glibc)
import Glibc
#endif

/// Device names matched as the shell matches file names (`*`, `?`, `[…]`), so a person can
/// write "*Headset*" in the configuration's include and exclude lists.
public enum DeviceNamePattern {
    public static func matches(_ name: String, _ pattern: String) -> Bool {
        fnmatch(pattern, name, 0) == 0
    }
}
