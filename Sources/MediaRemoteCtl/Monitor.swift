import ArgumentParser
import Bridge
import DBus

/// `mediaremotectl monitor`: every event, live, one line each.
struct Monitor: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show every event and where it went, live, until interrupted.",
        discussion: """
            One line an event: time (seconds, CLOCK_MONOTONIC), type, subtype and phase, \
            source, and who handled it or why it was discarded. With --json, one JSON object a line.

            Example:
              $ mediaremotectl monitor
              5012.394120  remoteControl  togglePlayPause  from mpris  handled by org.mpris.MediaPlayer2.mpv /org/mpris/MediaPlayer2
            """
    )

    @Flag(help: "One JSON object a line.")
    var json = false

    func run() throws {
        let client = try ServiceClient()
        let json = self.json
        let subscription = client.followEvents { event in
            // Unbuffered: a pipe reader sees each event as it happens.
            writeLine(json ? event.json.text : event.line)
        }
        defer { subscription.cancel() }
        var lost = false
        client.connection.onDisconnect = { lost = true; client.connection.loop.stop() }
        client.connection.loop.run()
        if lost { throw ServiceClient.report(ClientError(description: "lost the session bus", status: .unavailable)) }
    }
}
