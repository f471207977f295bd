import ArgumentParser
import DBusTypes
import MediaRemoteClient

/// `mediaremotectl shift` and `unshift` (playerctld's names): a person's choice of Now Playing.
struct ShiftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shift",
        abstract: "Move Now Playing to the next player, until another player starts to play.",
        discussion: """
            The players are in line as the rules rank them: playing (the latest \
            to start first), then paused or stopped after playing (the latest to \
            stop first), then the rest. shift moves Now Playing to the next one \
            in line, around at the end; unshift to the previous one. The choice \
            holds, whatever plays on, until a player starts to play. Prints the \
            player chosen; exits 1 when no player receives remote-control events.

            With --json, one object: now_playing (the player's bus name).

            Examples:
              $ mediaremotectl shift
              Now Playing: org.mpris.MediaPlayer2.audacious
              $ mediaremotectl unshift --json
              {"now_playing":"org.mpris.MediaPlayer2.mpv"}
            """
    )

    @Flag(help: "Print one JSON object.")
    var json = false

    func run() throws { Self.report(try ServiceClient().proxy.shift(), json: json) }

    /// Prints the player Shift or Unshift chose.
    static func report(_ chosen: BusName, json: Bool) {
        writeLine(json ? JSON.object([("now_playing", .string(chosen.rawValue))]).text : "Now Playing: \(chosen)")
    }
}

struct UnshiftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unshift",
        abstract: "Move Now Playing to the previous player, until another player starts to play.",
        discussion: "As shift, the other way along the line; see mediaremotectl shift --help."
    )

    @Flag(help: "Print one JSON object.")
    var json = false

    func run() throws { ShiftCommand.report(try ServiceClient().proxy.unshift(), json: json) }
}
