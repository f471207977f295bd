import Core
import DBusTypes

/// The file that keeps the last player (``Resumption/Memory``) for the next service, whatever
/// bus it runs on: a play after a new login resumes what played before it. Text, a record a line:
///
///     mediaremote-last-player 1
///     name org.mpris.MediaPlayer2.audacious
///     desktop-entry audacious
///     identity Audacious
///     came-back-empty mpv
///     end
///
/// `desktop-entry` and `identity` only when the player named them; `came-back-empty` once for
/// each desktop entry that, launched to resume, had nothing to play (deleting the line lets a
/// play launch it again). Anything else makes the file unreadable, and nothing is resumed from it.
enum LastPlayerFile {
    static let name = "last-player"
    static let format = "mediaremote-last-player"
    static let version = 1

    static func text(of memory: Resumption.Memory) -> String {
        let player = memory.last
        var lines = ["\(format) \(version)", "name \(player.busName)"]
        if let entry = player.desktopEntry { lines.append("desktop-entry \(entry)") }
        if let identity = player.identity { lines.append("identity \(identity)") }
        lines += memory.cameBackEmpty.sorted().map { "came-back-empty \($0)" }
        return (lines + ["end"]).joined(separator: "\n") + "\n"
    }

    /// What the text keeps, or why it keeps nothing, in a phrase.
    static func memory(in text: String) -> Result<Resumption.Memory, SavedState.Unreadable> {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == "\(format) \(version)" else { return .failure(SavedState.Unreadable("not a last-player file of version \(version)")) }
        guard text.hasSuffix("\nend\n") else { return .failure(SavedState.Unreadable("cut short: it does not end with `end`")) }
        var fields: [String: String] = [:]
        var cameBackEmpty: Set<String> = []
        for (index, line) in lines.enumerated().dropFirst().dropLast(2) {
            guard let space = line.firstIndex(of: " "), !line[line.index(after: space)...].isEmpty else {
                return .failure(SavedState.Unreadable(line: index + 1, "not `KEY VALUE`"))
            }
            let key = String(line[..<space])
            if key == "came-back-empty" {
                cameBackEmpty.insert(String(line[line.index(after: space)...]))
                continue
            }
            guard ["name", "desktop-entry", "identity"].contains(key), fields[key] == nil else {
                return .failure(SavedState.Unreadable(line: index + 1, "not a record of the last player (or one twice)"))
            }
            fields[key] = String(line[line.index(after: space)...])
        }
        guard let text = fields["name"], let name = try? BusName(text), !name.isUnique else {
            return .failure(SavedState.Unreadable("no player's name"))
        }
        let player = LastPlayer(desktopEntry: fields["desktop-entry"], busName: name, identity: fields["identity"])
        return .success(Resumption.Memory(last: player, cameBackEmpty: cameBackEmpty))
    }
}
