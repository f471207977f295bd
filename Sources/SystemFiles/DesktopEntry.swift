#if canImport(Glibc)
import Glibc
#endif

/// A desktop entry (freedesktop.org's Desktop Entry Specification), as a desktop reads one to
/// launch an app: its `[Desktop Entry]` group's `Name`, `Exec`, `Icon`, `DBusActivatable`,
/// `Hidden` and `Categories`, and where it was found. Localised keys and other groups (actions) are left out.
public struct DesktopEntry: Equatable, Sendable {
    /// Its id: the file's name without `.desktop` (MPRIS `DesktopEntry` names one so).
    public let id: String
    /// The file it was read from.
    public let path: String
    public let name: String?
    public let exec: String?
    public let icon: String?
    /// Started by D-Bus activation of its id (`org.freedesktop.Application`), not by `Exec`.
    public let dbusActivatable: Bool
    /// Deleted, as far as desktops are concerned: as if there were no file.
    public let hidden: Bool
    /// Its `Categories` (`AudioVideo`, `WebBrowser`, …).
    public let categories: [String]

    /// Why an entry cannot launch anything, in words for the log.
    public struct Unusable: Error, Equatable, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// Reads an entry's text (`path` is where it came from, for `%k`). Throws when the text has
    /// no `[Desktop Entry]` group.
    public init(id: String, path: String, text: String) throws(Unusable) {
        var values: [String: String] = [:]
        var group: Substring?
        var hasGroup = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("["), trimmed.hasSuffix("]") {
                group = trimmed.dropFirst().dropLast()
                hasGroup = hasGroup || group == "Desktop Entry"
                continue
            }
            guard group == "Desktop Entry", let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = String(trimmed[..<equals].trimmingWhitespace())
            // The first value of a key counts; localised ones (`Name[fr]`) are not read.
            guard !key.contains("["), values[key] == nil else { continue }
            values[key] = String(trimmed[trimmed.index(after: equals)...].trimmingWhitespace())
        }
        guard hasGroup else { throw Unusable("\(path) has no [Desktop Entry] group") }
        self.id = id
        self.path = path
        name = values["Name"].map(Self.unescaped)
        exec = values["Exec"].map(Self.unescaped)
        icon = values["Icon"].map(Self.unescaped)
        dbusActivatable = values["DBusActivatable"] == "true"
        hidden = values["Hidden"] == "true"
        categories = (values["Categories"] ?? "").split(separator: ";").map(String.init)
    }

    /// The folders entries are looked for in, most important first: `$XDG_DATA_HOME/applications`
    /// (`~/.local/share` by default), then each of `$XDG_DATA_DIRS` (`/usr/local/share:/usr/share`
    /// by default), where Flatpak adds its exports.
    public static func folders(_ environment: (String) -> String?) -> [String] {
        let home = environment("XDG_DATA_HOME").flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment("HOME").map { $0 + "/.local/share" }
        let dirs = (environment("XDG_DATA_DIRS").flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return ([home].compactMap { $0 } + dirs).map { ($0.hasSuffix("/") ? String($0.dropLast()) : $0) + "/applications" }
    }

    /// The entry with id `id` in the first of `folders` that has one (a `-` of the id may stand
    /// for a subfolder: `kde-foo` is `kde/foo.desktop`); nil when none has. One hidden there
    /// counts as none, and hides those after it.
    public static func find(_ id: String, in folders: [String]) throws(Unusable) -> DesktopEntry? {
        guard !id.isEmpty, !id.contains("/"), !id.hasPrefix(".") else { throw Unusable("\"\(id)\" is not a desktop entry's id") }
        var names = [id + ".desktop"]
        if let dash = id.firstIndex(of: "-") { names.append(id[..<dash] + "/" + id[id.index(after: dash)...] + ".desktop") }
        for folder in folders {
            for name in names {
                let path = folder + "/" + name
                guard case .success(let text) = TextFile.read(path, limit: 1 << 20) else { continue }
                let entry = try DesktopEntry(id: id, path: path, text: text)
                return entry.hidden ? nil : entry
            }
        }
        return nil
    }

    /// The command line `Exec` says, as a desktop launches it with no file to open: quoted
    /// arguments read, the field codes for files and URLs (`%f %F %u %U`) and the deprecated ones
    /// dropped, `%i` the icon, `%c` the name, `%k` the file, `%%` a percent sign.
    public func commandLine() throws(Unusable) -> [String] {
        guard let exec, !exec.isEmpty else { throw Unusable("\(path) has no Exec line") }
        var arguments: [String] = []
        for word in try Self.words(exec) {
            if word == "%i" {
                if let icon { arguments += ["--icon", icon] }
                continue
            }
            var expanded = ""
            var characters = word.makeIterator()
            var dropped = false
            while let character = characters.next() {
                guard character == "%" else {
                    expanded.append(character)
                    continue
                }
                switch characters.next() {
                case "%": expanded.append("%")
                case "c": expanded += name ?? ""
                case "k": expanded += path
                case "f", "F", "u", "U", "d", "D", "n", "N", "v", "m", "i": dropped = true
                case let other: throw Unusable("\(path): Exec has an unknown field code %\(other.map(String.init) ?? "")")
                }
            }
            // A field code for files stands for no argument at all when nothing is opened.
            if dropped, expanded.isEmpty { continue }
            arguments.append(expanded)
        }
        guard !arguments.isEmpty else { throw Unusable("\(path): Exec names no program") }
        return arguments
    }

    /// `Exec`'s words: split at spaces, a word in double quotes kept whole, where `\"`, `` \` ``,
    /// `\$` and `\\` stand for the character.
    static func words(_ exec: String) throws(Unusable) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quoted = false
        var characters = exec.makeIterator()
        while let character = characters.next() {
            if quoted {
                switch character {
                case "\"": quoted = false
                case "\\":
                    guard let next = characters.next() else { throw Unusable("Exec ends inside a quoted word") }
                    word.append(next)
                default: word.append(character)
                }
            } else if character == " " || character == "\t" {
                if inWord { words.append(word) }
                (word, inWord) = ("", false)
            } else if character == "\"" {
                (quoted, inWord) = (true, true)
            } else {
                word.append(character)
                inWord = true
            }
        }
        guard !quoted else { throw Unusable("Exec has a quote that is not closed") }
        if inWord { words.append(word) }
        return words
    }

    /// A string value with the specification's escapes read: `\s`, `\n`, `\t`, `\r`, `\\`.
    static func unescaped(_ value: String) -> String {
        var result = ""
        var characters = value.makeIterator()
        while let character = characters.next() {
            guard character == "\\", let next = characters.next() else {
                result.append(character)
                continue
            }
            switch next {
            case "s": result.append(" ")
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "\\": result.append("\\")
            default: result += "\\" + String(next)
            }
        }
        return result
    }
}
