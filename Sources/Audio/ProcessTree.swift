import SystemFiles

#if canImport(Glibc)
import Glibc
#endif

/// Processes as `/proc` shows them: a process's parent, and a sandboxed one's Flatpak app id.
public enum ProcessTree {
    /// The parent of `pid`: field 4 of `/proc/PID/stat`, read after the command's closing
    /// parenthesis (a command may itself hold spaces and parentheses). Nil when it is gone.
    public static func parent(of pid: Int32) -> Int32? {
        SmallFile.read("/proc/\(pid)/stat").flatMap(parent(fromStat:))
    }

    static func parent(fromStat stat: String) -> Int32? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command: state, then the parent.
        guard fields.count >= 2, let parent = Int32(fields[1]), parent > 0 else { return nil }
        return parent
    }

    /// `pid` and its ancestors, nearest first, up to init (not included) or 32 generations.
    public static func lineage(of pid: Int32, parent: (Int32) -> Int32?) -> [Int32] {
        var lineage = [pid]
        var current = pid
        while lineage.count < 32, let next = parent(current), next > 1, !lineage.contains(next) {
            lineage.append(next)
            current = next
        }
        return lineage
    }

    /// The Flatpak app id of a sandboxed process: the `name` of `[Application]` in its root's
    /// `.flatpak-info`, which the sandbox mounts and the app cannot change (xdg-desktop-portal
    /// reads it the same way). Nil for a process in no sandbox, or one that is gone.
    public static func flatpakAppID(of pid: Int32) -> String? {
        SmallFile.read("/proc/\(pid)/root/.flatpak-info").flatMap(flatpakAppID(fromInfo:))
    }

    static func flatpakAppID(fromInfo text: String) -> String? {
        var section = ""
        for line in text.split(separator: "\n") {
            let line = line.trimmingWhitespace()
            if line.hasPrefix("[") {
                section = String(line)
            } else if section == "[Application]", line.hasPrefix("name"), let equals = line.firstIndex(of: "="),
                line[..<equals].trimmingWhitespace() == "name"
            {
                let name = line[line.index(after: equals)...].trimmingWhitespace()
                return name.isEmpty ? nil : String(name)
            }
        }
        return nil
    }
}
