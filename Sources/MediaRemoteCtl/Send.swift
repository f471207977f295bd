import ArgumentParser
import DBus
import Loop
import MediaRemoteAPI
import MediaRemoteClient

/// `mediaremotectl send`: a remote-control event, as if from a remote.
struct Send: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Send a remote-control event through the rules and the responder chain.",
        discussion: """
            Prints who handled the event; or who was sent it and did not answer \
            in time (it may still act on it, so the event went to nobody else; \
            the next events pass that app by until it answers again); or why it \
            was discarded. Exit status 1 unless it was handled. \
            EVENT is one of \(Send.eventNames.joined(separator: ", ")) \
            (play-pause, playerctl's name, is toggle too; the names monitor \
            prints, such as togglePlayPause and nextTrack, are taken as well); \
            seek-forward and \
            seek-backward take a PHASE, begin or end. A seek begun here is held \
            until its end is sent, from this command or another, but at most 10 s \
            after its last begin: a script that loses its end does not skip \
            through a playlist (send begin again to hold it longer). A seek \
            begun the other way ends the one held first. \
            mediaremotectl status shows a seek held.

            With --json, prints the event as monitor --json does (one object; \
            see monitor for its keys).

            Examples:
              $ mediaremotectl send toggle
              handled by org.mpris.MediaPlayer2.mpv /org/mpris/MediaPlayer2
              $ mediaremotectl send next
              discarded: no app is receiving remote-control events
              $ mediaremotectl send seek-forward begin
              handled by org.mpris.MediaPlayer2.mpv /org/mpris/MediaPlayer2
              $ mediaremotectl send seek-forward end
              handled by org.mpris.MediaPlayer2.mpv /org/mpris/MediaPlayer2
            """
    )

    /// The names the CLI takes, in the order help and completion offer them, and the subtypes
    /// they stand for (the seeks' subtypes depend on their phase: ``subtype()``).
    static let events: [(name: String, subtype: String?)] = [
        ("play", "play"), ("pause", "pause"), ("toggle", "togglePlayPause"), ("stop", "stop"), ("next", "nextTrack"),
        ("previous", "previousTrack"), ("seek-forward", nil), ("seek-backward", nil),
    ]
    static var eventNames: [String] { events.map(\.name) }
    /// playerctl's name for toggle, taken too: its users type it without thinking.
    static let aliases = ["play-pause": "togglePlayPause"]
    static let phases = ["begin", "end"]

    @ArgumentParser.Argument(help: "The event to send.", completion: .list(Send.eventNames))
    var event: String

    // Offered only after a seek: the other events take no phase.
    @ArgumentParser.Argument(
        help: "For seek-forward and seek-backward: begin or end.",
        completion: .custom { words, index, _ in Send.phaseCompletions(after: index > 0 ? words[index - 1] : "") })
    var phase: String?

    @Flag(help: "Print the event as one JSON object.")
    var json = false

    static func phaseCompletions(after event: String) -> [String] {
        event.hasPrefix("seek-") ? phases : []
    }

    func validate() throws {
        _ = try subtype()
    }

    func subtype() throws -> String {
        if event == "seek-forward" || event == "seek-backward" {
            guard let phase, Send.phases.contains(phase) else {
                throw ValidationError("\(event) needs begin or end, e.g. 'mediaremotectl send \(event) begin'")
            }
            let direction = event == "seek-forward" ? "Forward" : "Backward"
            return "\(phase)Seeking\(direction)"
        }
        guard phase == nil else { throw ValidationError("\(event) takes no begin or end") }
        // The subtype's own name too, as monitor and the API print it (togglePlayPause, nextTrack).
        guard let subtype = Send.events.first(where: { $0.name == event || $0.subtype == event })?.subtype ?? Send.aliases[event] else {
            throw ValidationError("'\(event)' is not an event; use one of \(Send.eventNames.joined(separator: ", "))")
        }
        return subtype
    }

    /// Longer than a launch to resume may take (``Resumption``'s 20 s).
    static let replyTimeout: Duration = .seconds(25)

    func run() throws {
        let subtype = try self.subtype()
        let client = try ServiceClient()
        var seen: [DispatchedEvent] = []
        let subscription = client.followEvents { if $0.source == "api" && $0.subtype == subtype { seen.append($0) } }
        defer { subscription.cancel() }
        // A play that finds no player launches the last one and is answered when it plays: up to
        // 20 s (players.resume_last).
        let reply = try MediaRemoteProxy(client.connection, timeout: Self.replyTimeout).sendRemoteControlEvent(subtype)
        // Its EventDispatched left the service before this reply, so it is queued here already;
        // another client's event of the same subtype has another outcome, or is as good.
        let matches = { (event: DispatchedEvent) in event.handledBy == reply.handledBy && event.unansweredBy == reply.unansweredBy }
        client.connection.loop.run(until: { seen.contains(where: matches) }, timeout: .milliseconds(500))
        let event = seen.first(where: matches)
            ?? DispatchedEvent(type: "remoteControl", subtype: subtype, source: "api", handledBy: reply.handledBy, unansweredBy: reply.unansweredBy)
        writeLine(json ? event.json.text : event.outcome)
        if reply.handledBy == nil { throw ExitStatus.failure.exitCode }
    }
}
