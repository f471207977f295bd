import ArgumentParser
import Bridge
import DBus

/// `mediaremotectl players`: every tracked player and why it is or is not Now Playing.
struct Players: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List every MPRIS player with its status, capabilities, and why it is or is not Now Playing.",
        discussion: """
            Example:
              $ mediaremotectl players
              * org.mpris.MediaPlayer2.mpv (:1.12)  Playing  receiving
                  can: CanControl CanPlay CanPause CanGoNext CanGoPrevious CanSeek
                  started playing: 12.40 s ago
                  Now Playing: playing
            """
    )

    @Flag(help: "One JSON object a line, a player each.")
    var json = false

    func run() throws {
        let client = try ServiceClient()
        let reply = try client.call(BridgeNames.interface, "DescribePlayers")
        let players: [[String: Value]] = (try? .init(dbusValue: reply.arguments.first ?? .array(.string, []))) ?? []
        if players.isEmpty && !json { print("no players") }
        for player in players {
            func text(_ key: String) -> String { (try? String(dbusValue: player[key] ?? .string(""))) ?? "" }
            func flag(_ key: String) -> Bool { (try? Bool(dbusValue: player[key] ?? .boolean(false))) ?? false }
            let capabilities = (try? [String](dbusValue: player["capabilities"] ?? .array(.string, []))) ?? []
            let started = (try? UInt64(dbusValue: player["last_started_playing"] ?? .uint64(0))) ?? 0
            if json {
                print(JSONLine([
                    ("name", .string(text("name"))), ("app", .string(text("app"))), ("status", .string(text("status"))),
                    ("receiving", .bool(flag("receiving"))), ("capabilities", .array(capabilities.map { .string($0) })),
                    ("last_started_playing_us", .number(started)), ("now_playing", .bool(flag("now_playing"))),
                    ("reason", .string(text("reason"))),
                ]).text)
                continue
            }
            print("\(flag("now_playing") ? "*" : " ") \(text("name")) (\(text("app")))  \(text("status"))  \(flag("receiving") ? "receiving" : "not receiving")")
            print("    can: \(capabilities.isEmpty ? "nothing" : capabilities.joined(separator: " "))")
            // The service's timestamps are CLOCK_MONOTONIC, the same clock as ours.
            let ago = MonotonicClock.microseconds - min(started, MonotonicClock.microseconds)
            print("    started playing: \(started == 0 ? "not seen" : "\(formatMilliseconds(microseconds: ago / 1000)) s ago")")
            print("    \(text("reason"))")
        }
    }
}
