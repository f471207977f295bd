import ArgumentParser
import DBusTypes
import Loop
import MediaRemoteAPI
import MediaRemoteClient
import Time

/// `mediaremotectl players`: every tracked player and why it is or is not Now Playing.
struct Players: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List every MPRIS player with its status, capabilities, and why it is or is not Now Playing.",
        discussion: """
            A star marks the Now Playing player. A player that is ignored \
            (players.ignore, --ignore-player, or always: MediaRemote's own proxy \
            and playerctld) is listed as such, with the rule that ignores it. The \
            last player (the one Now Playing last, which a play or play/pause \
            with no player on the bus launches) is marked "last player"; once it \
            has quit it is listed last, as gone, with what a play does about it.

            Example:
              $ mediaremotectl players
              * org.mpris.MediaPlayer2.mpv (:1.12)  Playing  receiving
                  can: CanControl CanPlay CanPause CanGoNext
                       CanGoPrevious CanSeek
                  started playing: 12.40 s ago
                  sound: audible
                    stream 56 "track1.ogg - mpv" on Speakers: audible;
                      matched by its process (socket credentials)
                  Now Playing: playing

            Its sound is what the audio server says: audible (a stream matched to \
            it plays unmuted above zero volume), silent, or unknown (no audio \
            server, or a stream nobody could match may be its); among players \
            that say Playing, one that is heard comes first.

            With --json, one array (empty: []) of objects with the keys name (its \
            MPRIS bus name), app (its unique name), status, receiving, capabilities \
            (an array), last_started_playing_us (CLOCK_MONOTONIC; null when never \
            seen starting), now_playing, reason (why it is or is not Now Playing, \
            or why it is ignored: then its status is null), sound (audible, silent \
            or unknown; null when ignored) and streams (an array of phrases, one a \
            stream matched to it), and last_player (true for the last player; \
            once it has quit, its entry has app and status null).

            Example:
              $ mediaremotectl players --json
              [{"name":"org.mpris.MediaPlayer2.mpv","app":":1.12",
                "status":"Playing","receiving":true,
                "capabilities":["CanControl","CanPlay"],
                "last_started_playing_us":5000012345,
                "now_playing":true,"reason":"Now Playing: playing",
                "sound":"audible","streams":["stream 56 ..."],
                "last_player":true}]

            (Printed on one line; folded here to fit.)
            """
    )

    @Flag(help: "Print one JSON array, a player an object.")
    var json = false

    func run() throws {
        let players = try ServiceClient().proxy.describePlayers()
        if json {
            writeLine(JSON.array(players.map(Players.json)).text)
            return
        }
        if players.isEmpty { writeLine("no players") }
        for player in players {
            guard let app = player.app else {
                // The last player, gone from the bus.
                writeLine("  \(player.name)  gone  last player")
                writeLine("    \(player.reason)")
                continue
            }
            if player.status.isEmpty {
                // Ignored: never a player to the rules, so nothing else is known of it.
                writeLine("  \(player.name) (\(app))  ignored")
                writeLine("    \(player.reason)")
                continue
            }
            let receiving = player.receiving ? "receiving" : "not receiving"
            let last = player.isLastPlayer ? "  last player" : ""
            writeLine("\(player.isNowPlaying ? "*" : " ") \(player.name) (\(app))  \(player.status)  \(receiving)\(last)")
            writeLine("    can: \(player.capabilities.isEmpty ? "nothing" : player.capabilities.joined(separator: " "))")
            // The service's timestamps are CLOCK_MONOTONIC, the same clock as ours.
            let ago = player.lastStartedPlaying.map { MonotonicClock.now.duration(since: MonotonicInstant(microseconds: $0)) }
            writeLine("    started playing: \(ago.map { "\(fixedPoint($0, in: .seconds(1))) s ago" } ?? "not seen")")
            writeLine("    sound: \(player.sound)")
            for stream in player.streams { writeLine("      \(stream)") }
            writeLine("    \(player.reason)")
        }
    }

    static func json(_ player: DescribePlayersReply.Player) -> JSON {
        .object([
            ("name", .string(player.name.rawValue)), ("app", player.app.map { .string($0.rawValue) } ?? .null), ("status", player.status.isEmpty ? .null : .string(player.status)),
            ("receiving", .bool(player.receiving)), ("capabilities", .array(player.capabilities.map(JSON.string))),
            ("last_started_playing_us", JSON(player.lastStartedPlaying)), ("now_playing", .bool(player.isNowPlaying)),
            ("reason", .string(player.reason)), ("sound", player.status.isEmpty ? .null : .string(player.sound)),
            ("streams", .array(player.streams.map(JSON.string))), ("last_player", .bool(player.isLastPlayer)),
        ])
    }
}
