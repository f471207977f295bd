import ArgumentParser
import DBus

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
            headset, mpris, api, accelerometer or simulated), handled, bus_name and \
            path (who handled it; discarded as timedOut, who did not answer in \
            time; null otherwise) and reason (why it was \
            discarded, such as nobodyReceiving or noFirstResponder; null when \
            handled). send --json and shake --json print the same objects.

            Example:
              $ mediaremotectl monitor --json
              {"timestamp_us":5012394120,"type":"remoteControl",
               "subtype":"togglePlayPause","phase":null,"source":"mpris",
               "handled":true,"bus_name":"org.mpris.MediaPlayer2.mpv",
               "path":"/org/mpris/MediaPlayer2","reason":null}

            (One line an event; folded here to fit.)
            """
    )

    @Flag(help: "One JSON object a line, an event each.")
    var json = false

    func run() throws {
        let client = try ServiceClient()
        let json = self.json
        let subscription = client.followEvents { event in
            writeLine(json ? event.json.text : event.line)
        }
        defer { subscription.cancel() }
        try client.runSayingPresence()
    }
}
