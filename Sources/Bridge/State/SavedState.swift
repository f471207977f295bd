import Core
import DBusTypes
import Time

/// The service's state file: the rules' memory (``RulesMemory``), the bus it belongs to and
/// when it was taken. Text, a record a line, for a person reading it as much as for the next
/// service:
///
///     mediaremote-state 1
///     bus 3f1c0b9f5e3a4d7e8c2b6a1f0e9d8c7b
///     saved 81234567890
///     player :1.42 org.mpris.MediaPlayer2.mpv Paused arrived=81000000000 started=81100000000 played=81200000000 track-change=no
///     pin :1.42 pausedByRemoteControl
///     end
///
/// Times are CLOCK_MONOTONIC microseconds (`-` for never), which mean something only on the
/// boot they were taken on: the bus's id (new each time a session bus starts) says whether
/// the file is this bus's. Anything else (another version, a file cut short, even between
/// lines, a name that is not one, a time after the save) makes the whole file unreadable: a
/// memory half read would be worse than none.
struct SavedState: Equatable {
    static let format = "mediaremote-state"
    static let version = 1
    /// More players than a session has; a file with more is not ours.
    static let mostPlayers = 1024

    var busID: String
    var savedAt: MonotonicInstant
    var memory: RulesMemory

    /// Why a file is not a state this service can recall, in a phrase.
    struct Unreadable: Error, Equatable, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
        init(line: Int, _ reason: String) { description = "line \(line): \(reason)" }
    }

    init(busID: String, savedAt: MonotonicInstant, memory: RulesMemory) {
        (self.busID, self.savedAt, self.memory) = (busID, savedAt, memory)
    }

    var text: String {
        var lines = ["\(Self.format) \(Self.version)", "bus \(busID)", "saved \(savedAt.microseconds)"]
        for player in memory.players {
            lines.append(
                "player \(player.app) \(player.busName) \(player.status) arrived=\(player.arrivedAt.microseconds)"
                    + " started=\(Self.time(player.lastStartedPlaying)) played=\(Self.time(player.lastPlayed))"
                    + " track-change=\(player.stoppedAfterPlaying ? "yes" : "no")")
        }
        if let pin = memory.pin { lines.append("pin \(pin.app) \(pin.reason)") }
        lines.append("end")
        return lines.joined(separator: "\n") + "\n"
    }

    init(text: String) throws(Unreadable) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.split(separator: " ").map(String.init) }
        guard let first = lines.first, first.first == Self.format else { throw Unreadable("not a MediaRemote state file") }
        guard first.count == 2, let version = Int(first[1]) else { throw Unreadable(line: 1, "not `mediaremote-state VERSION`") }
        guard version == Self.version else {
            throw Unreadable("written in version \(version) of the format, and this mediaremoted reads version \(Self.version)")
        }
        guard text.hasSuffix("\nend\n") else { throw Unreadable("cut short: it does not end with its last line, `end`") }
        var busID: String?
        var savedAt: MonotonicInstant?
        var players: [RulesMemory.PlayerHistory] = []
        var pin: NowPlayingPin?
        // The lines between the first and `end` (the text ends "\nend\n": the last two are
        // "end" and the empty one after it).
        for (index, fields) in lines.enumerated().dropFirst().dropLast(2) {
            let line = index + 1
            guard !fields.isEmpty else { throw Unreadable(line: line, "an empty line") }
            switch (fields[0], fields.count) {
            case ("bus", 2) where busID == nil:
                busID = fields[1]
            case ("saved", 2) where savedAt == nil:
                savedAt = try Self.instant(fields[1], line: line)
            case ("player", 8):
                guard players.count < Self.mostPlayers else { throw Unreadable(line: line, "more than \(Self.mostPlayers) players") }
                players.append(try Self.player(Array(fields.dropFirst()), line: line))
            case ("pin", 3) where pin == nil:
                guard let reason = NowPlayingPin.Reason(rawValue: fields[2]) else { throw Unreadable(line: line, "no such pin: \(fields[2])") }
                pin = NowPlayingPin(app: try Self.app(fields[1], line: line), reason: reason)
            default:
                throw Unreadable(line: line, "not a record of the state (or one twice)")
            }
        }
        guard let busID, let savedAt else { throw Unreadable("it names no bus, or no time it was saved") }
        guard Set(players.map(\.app)).count == players.count else { throw Unreadable("a player listed twice") }
        let times = players.flatMap { [$0.arrivedAt, $0.lastStartedPlaying, $0.lastPlayed].compactMap { $0 } }
        guard times.allSatisfy({ $0 <= savedAt }) else { throw Unreadable("a player's time is after the time it was saved") }
        self.init(busID: busID, savedAt: savedAt, memory: RulesMemory(players: players, pin: pin))
    }

    private static func time(_ instant: MonotonicInstant?) -> String {
        instant.map { String($0.microseconds) } ?? "-"
    }

    private static func instant(_ text: String, line: Int) throws(Unreadable) -> MonotonicInstant {
        guard let microseconds = UInt64(text) else { throw Unreadable(line: line, "not a time: \(text)") }
        return MonotonicInstant(microseconds: microseconds)
    }

    private static func app(_ text: String, line: Int) throws(Unreadable) -> AppID {
        guard let name = try? BusName(text), name.isUnique else { throw Unreadable(line: line, "not a connection's unique name: \(text)") }
        return AppID(name)
    }

    /// `APP NAME STATUS arrived=T started=T played=T track-change=yes|no`.
    private static func player(_ fields: [String], line: Int) throws(Unreadable) -> RulesMemory.PlayerHistory {
        let app = try app(fields[0], line: line)
        guard let name = try? BusName(fields[1]), !name.isUnique else { throw Unreadable(line: line, "not a player's name: \(fields[1])") }
        guard let status = PlaybackStatus(rawValue: fields[2]) else { throw Unreadable(line: line, "not a playback status: \(fields[2])") }
        var values: [String: String] = [:]
        for field in fields.dropFirst(3) {
            let parts = field.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, values[parts[0]] == nil else { throw Unreadable(line: line, "not a field: \(field)") }
            values[parts[0]] = parts[1]
        }
        guard let arrived = values["arrived"], let started = values["started"], let played = values["played"],
            let trackChange = values["track-change"], trackChange == "yes" || trackChange == "no"
        else { throw Unreadable(line: line, "a player without arrived=, started=, played= and track-change=yes|no") }
        func optional(_ text: String) throws(Unreadable) -> MonotonicInstant? { text == "-" ? nil : try instant(text, line: line) }
        return RulesMemory.PlayerHistory(
            app: app, busName: name, status: status, arrivedAt: try instant(arrived, line: line),
            lastStartedPlaying: try optional(started), lastPlayed: try optional(played), stoppedAfterPlaying: trackChange == "yes")
    }
}
