import ArgumentParser
import DBus
import MediaRemoteAPI
import MediaRemoteClient

/// `mediaremotectl monitor`: every event, live, one line each.
struct Monitor: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show every event and where it went, live, until interrupted.",
        discussion: """
            One line an event: time (seconds, CLOCK_MONOTONIC), type, subtype and \
            phase, source, and who handled it or why it was discarded. When \
            mediaremoted is not running, monitor says so once on standard error and \
            waits for it; when it stops, monitor says so and waits again.

            Example:
              $ mediaremotectl monitor
              5012.394120  remoteControl  togglePlayPause  from mpris
                handled by org.mpris.MediaPlayer2.mpv /org/mpris/MediaPlayer2
              5013.102381  motion  shake began  from simulated
                discarded: no responder is first responder

            (Each event is one line; here they are folded to fit.)

            With --json, one JSON object a line, an event each, with the keys \
            timestamp_us (CLOCK_MONOTONIC), type (remoteControl or motion), subtype, \
            phase (began, ended, cancelled; null for remote control), source (key, \
            headset, mpris, api, accelerometer, simulated, or route: the output \
            went away), handled, bus_name and \
            path (who handled it; with the reason noAnswer, who was sent it and \
            did not answer in time, and may still act on it; null otherwise) and \
            reason (noAnswer, or why it was discarded, such as nobodyReceiving \
            or noFirstResponder; null when handled). send --json and shake --json print the same objects.

            A play or play/pause that finds no player launches the player that \
            was Now Playing last (players.resume_last): monitor says so in a line \
            of its own, "launched Audacious to resume (audacious.desktop, how)", or \
            with --json an object with type launch, player, desktop_entry and how; \
            the event's own line follows when the player takes it, or when the \
            launch ends without it (launchFailed, launchedPlayerDidNotCome).

            Example:
              $ mediaremotectl monitor --json
              {"timestamp_us":5012394120,"type":"remoteControl",
               "subtype":"togglePlayPause","phase":null,"source":"mpris",
               "handled":true,"bus_name":"org.mpris.MediaPlayer2.mpv",
               "path":"/org/mpris/MediaPlayer2","reason":null}

            (One line an event; folded here to fit.)

            With --wall-clock, each line begins with the event's local time of \
            day instead (18:45:12.394120), and each JSON object begins with time, \
            the wall-clock time in ISO 8601, UTC (2026-11-26T17:45:12.394120Z); \
            timestamp_us stays.
            """
    )

    @Flag(help: "One JSON object a line, an event each.")
    var json = false

    @Flag(help: "Show each event's local time of day (JSON: also time, ISO 8601 in UTC).")
    var wallClock = false

    func run() throws {
        let client = try ServiceClient()
        let (json, wallClock) = (self.json, self.wallClock)
        let subscription = client.followEvents { event in
            writeLine(json ? event.json(wallClock: wallClock).text : event.line(wallClock: wallClock))
        }
        let resumes = client.proxy.followResumes { result in
            guard case .success(let launch) = result else { return }
            writeLine(json ? Monitor.launchJSON(launch).text : Monitor.line(launch))
        }
        defer {
            subscription.cancel()
            resumes.cancel()
        }
        try client.runSayingPresence()
    }

    /// A launch to resume, as its line: "launched Audacious to resume (audacious.desktop, as …)".
    static func line(_ launch: Resuming) -> String {
        "launched \(launch.player) to resume (\(launch.desktopEntry).desktop, \(launch.how)); the play goes to it when its player comes"
    }

    static func launchJSON(_ launch: Resuming) -> JSON {
        .object([("type", .string("launch")), ("player", .string(launch.player)), ("desktop_entry", .string(launch.desktopEntry)),
                 ("how", .string(launch.how))])
    }
}
