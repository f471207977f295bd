import ArgumentParser
import DBus
import DBusTypes
import Loop
import MediaRemoteAPI

/// `mediaremotectl players`: every tracked player and why it is or is not Now Playing.
struct Players: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List every MPRIS player with its status, capabilities, and why it is or is not Now Playing.",
        discussion: """
            A star marks the Now Playing player.

            Example:
              $ mediaremotectl players
              * org.mpris.MediaPlayer2.mpv (:1.12)  Playing  receiving
                  can: CanControl CanPlay CanPause CanGoNext
                       CanGoPrevious CanSeek
                  started playing: 12.40 s ago
                  Now Playing: playing

            With --json, one array (empty: []) of objects with the keys name (its \
            MPRIS bus name), app (its unique name), status, receiving, capabilities \
            (an array), last_started_playing_us (CLOCK_MONOTONIC; null when never \
            seen starting), now_playing, and reason (why it is or is not Now Playing).

            Example:
              $ mediaremotectl players --json
              [{"name":"org.mpris.MediaPlayer2.mpv","app":":1.12",
                "status":"Playing","receiving":true,
                "capabilities":["CanControl","CanPlay"],
                "last_started_playing_us":5000012345,
                "now_playing":true,"reason":"Now Playing: playing"}]

            (Printed on one line; folded here to fit.)
            """
    )

    @Flag(help: "Print one JSON array, a player an object.")
    var json = false

    func run() throws {
        let client = try ServiceClient()
        let reply = try client.call(MediaRemoteNames.interface, MediaRemoteMembers.describePlayers)
        guard let players = try? [[String: Value]](dbusValue: reply.arguments.first ?? .array(.string, [])) else {
            throw ClientError(description: "mediaremoted answered DescribePlayers with '\(reply.signature)'", status: .failure)
        }
        if json {
            writeLine(JSON.array(players.map(Players.json)).text)
            return
        }
        if players.isEmpty { writeLine("no players") }
        for player in players {
            func text(_ key: String) -> String { (try? String(dbusValue: player[key] ?? .string(""))) ?? "" }
            func flag(_ key: String) -> Bool { (try? Bool(dbusValue: player[key] ?? .boolean(false))) ?? false }
            let capabilities = (try? [String](dbusValue: player["capabilities"] ?? .array(.string, []))) ?? []
            let started = Players.lastStartedPlaying(player)
            writeLine("\(flag("now_playing") ? "*" : " ") \(text("name")) (\(text("app")))  \(text("status"))  \(flag("receiving") ? "receiving" : "not receiving")")
            writeLine("    can: \(capabilities.isEmpty ? "nothing" : capabilities.joined(separator: " "))")
            // The service's timestamps are CLOCK_MONOTONIC, the same clock as ours.
            let ago = started.map { MonotonicClock.microseconds - min($0, MonotonicClock.microseconds) }
            writeLine("    started playing: \(ago.map { "\(formatMilliseconds(microseconds: $0 / 1000)) s ago" } ?? "not seen")")
            writeLine("    \(text("reason"))")
        }
    }

    /// When it last started playing; the service says "never seen" with 0.
    static func lastStartedPlaying(_ player: [String: Value]) -> UInt64? {
        guard let started = try? UInt64(dbusValue: player["last_started_playing"] ?? .uint64(0)), started > 0 else { return nil }
        return started
    }

    static func json(_ player: [String: Value]) -> JSON {
        func text(_ key: String) -> JSON { JSON(try? String(dbusValue: player[key] ?? .string(""))) }
        func flag(_ key: String) -> JSON { .bool((try? Bool(dbusValue: player[key] ?? .boolean(false))) ?? false) }
        let capabilities = (try? [String](dbusValue: player["capabilities"] ?? .array(.string, []))) ?? []
        return .object([
            ("name", text("name")), ("app", text("app")), ("status", text("status")), ("receiving", flag("receiving")),
            ("capabilities", .array(capabilities.map(JSON.string))),
            ("last_started_playing_us", JSON(lastStartedPlaying(player))), ("now_playing", flag("now_playing")),
            ("reason", text("reason")),
        ])
    }
}
