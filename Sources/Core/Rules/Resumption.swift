import DBusTypes
import MediaRemoteAPI
import Time

/// A player as a play may bring it back after it quit, as iOS and Android do: its desktop entry
/// (MPRIS `DesktopEntry`, `audacious` for audacious.desktop), which says how to launch it, its
/// well-known name and its identity (MPRIS `Identity`) for the log.
public struct LastPlayer: Hashable, Sendable {
    /// Nil when the player named none: then nothing can launch it.
    public var desktopEntry: String?
    public var busName: BusName
    public var identity: String?

    public init(desktopEntry: String?, busName: BusName, identity: String?) {
        (self.desktopEntry, self.busName, self.identity) = (desktopEntry, busName, identity)
    }

    /// As the log and `status` name it: its identity, else its desktop entry, else its name.
    public var name: String { identity ?? desktopEntry ?? busName.rawValue }
}

/// Resumption (issue 37): the player that was Now Playing last, remembered after it quits, and
/// the launch a play or play/pause with nobody to receive it starts, until the launched player
/// can take the event or ``patience`` passes; then the trial of what it brought back
/// (``playGrace``), and the desktop entries that came back with nothing to play, never launched
/// again. Pure: the shell launches and keeps the memory.
public struct Resumption: Sendable {
    /// How long a launched app has to show a player that can take the play.
    public static let patience: Duration = .seconds(20)
    /// How long a launched player has to answer the play it is handed, past the players' usual
    /// call timeout: an app still starting is slow to answer (Audacious launched in the session
    /// guest took the play, and played, after the usual 250 ms).
    public static let firstAnswerPatience: Duration = .seconds(5)
    /// How long a launched player handed the play has to be playing or paused: one stopped then
    /// came back with nothing to play (mpv, opened without a file, idles).
    public static let playGrace: Duration = .seconds(5)

    /// `players.resume_last`: a play with nobody receiving launches the last player.
    public var isOn = true
    /// Players never launched (the configuration's ignored ones, with their instances).
    public var ignored: Set<BusName> = []
    /// The player that was Now Playing last (nil: none yet, as far as this service knows).
    public internal(set) var last: LastPlayer?
    /// Desktop entries that, launched to resume, came back with nothing to play: launching
    /// them again would only open an empty player.
    public internal(set) var cameBackEmpty: Set<String> = []
    /// The launch under way: what it launched, for which event, since when.
    public internal(set) var launch: Launch?
    /// The launched player handed the play, until ``playGrace`` passes and it is judged.
    public internal(set) var trial: Trial?

    public struct Launch: Hashable, Sendable {
        public let player: LastPlayer
        public let desktopEntry: String
        public let event: Event
        public let since: MonotonicInstant
        public var deadline: MonotonicInstant { since + Resumption.patience }
    }

    /// A launched player handed the play at `since`: `Stopped` at `deadline` (as it last said,
    /// and when asked again), it came back empty.
    public struct Trial: Hashable, Sendable {
        public let app: AppID
        public let busName: BusName
        public let player: LastPlayer
        public let desktopEntry: String
        public let since: MonotonicInstant
        public var deadline: MonotonicInstant { since + Resumption.playGrace }
    }

    /// What is kept across restarts and logins: the last player, and the entries that came back
    /// empty.
    public struct Memory: Hashable, Sendable {
        public var last: LastPlayer
        public var cameBackEmpty: Set<String>

        public init(last: LastPlayer, cameBackEmpty: Set<String> = []) {
            (self.last, self.cameBackEmpty) = (last, cameBackEmpty)
        }
    }

    public init() {}

    /// What a play would launch now, if anything: the last player, when it has a desktop entry
    /// that did not come back empty, resumption is on and the player is not ignored.
    public var candidate: (player: LastPlayer, desktopEntry: String)? {
        guard whyNothingLaunched == nil, let last, let entry = last.desktopEntry else { return nil }
        return (last, entry)
    }

    private func isIgnored(_ player: LastPlayer) -> Bool {
        ignored.contains { Player.busName(player.busName, isListedAs: $0) }
    }

    /// Why a play with nobody receiving launched nothing, for the log; nil when it would launch.
    public var whyNothingLaunched: String? {
        if !isOn { return "players.resume_last is off" }
        guard let last else { return "no player has played yet, so there is none to resume" }
        if isIgnored(last) { return "\(last.name), the last player, is ignored" }
        guard let entry = last.desktopEntry, !entry.isEmpty else {
            return "\(last.name), the last player, names no desktop entry to launch it by"
        }
        if cameBackEmpty.contains(entry) {
            return "\(last.name), the last player, came back with nothing to play when it was launched to resume, so it is not launched again"
        }
        return nil
    }

    /// Whether `busName` is the last player's (an instance's number aside: launched again, it
    /// takes a new one).
    public func isLast(_ busName: BusName) -> Bool {
        last.map { $0.busName.withoutInstance == busName.withoutInstance } ?? false
    }

    /// What is kept across restarts, or nil before any player played.
    public var memory: Memory? { last.map { Memory(last: $0, cameBackEmpty: cameBackEmpty) } }

    /// Remembers what an earlier service kept (the shell's memory at start).
    public mutating func remember(_ memory: Memory?) {
        last = memory?.last
        cameBackEmpty = memory?.cameBackEmpty ?? []
    }
}

extension BusName {
    /// The name without an MPRIS instance's suffix (`….vlc` for `….vlc.instance42`): a player
    /// launched again takes a new instance number.
    var withoutInstance: String {
        let parts = rawValue.split(separator: ".")
        guard let last = parts.last, last.hasPrefix("instance"), parts.count > 1 else { return rawValue }
        return parts.dropLast().joined(separator: ".")
    }
}
