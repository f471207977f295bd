import ArgumentParser
import DBus
import Loop
import MediaRemoteClient

/// `mediaremotectl shake`: a simulated shake, like the iOS Simulator's Shake Gesture.
struct Shake: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Simulate a shake: MotionBegan then MotionEnded to the first responder.",
        discussion: """
            Prints where each phase went: to a responder, or, for the end of a \
            shake nobody handled, to the shake action (shake.action) on the Now \
            Playing player, or why it did nothing (no action set, or no player to \
            act on). Exits 1 when both were discarded, as send does for a \
            discarded event.

            With --json, prints one array of the phases, each an object as monitor \
            --json prints it (see monitor for its keys).

            Examples:
              $ mediaremotectl shake
              began: handled by :1.42 /org/example/Player
              ended: handled by :1.42 /org/example/Player
              $ mediaremotectl shake
              began: discarded: no responder is first responder
              ended: discarded: no responder is first responder,
                and no shake action is set (shake.action)
              $ mediaremotectl shake
              began: discarded: no responder is first responder
              ended: handled by the shake action, on
                org.mpris.MediaPlayer2.mpv /org/mpris/MediaPlayer2

            (The lines after "ended:" are one each; folded here to fit.)
            """
    )

    @Flag(help: "Print the phases as one JSON array.")
    var json = false

    func run() throws {
        let client = try ServiceClient()
        var phases: [DispatchedEvent] = []
        let subscription = client.followEvents { if $0.source == "simulated" && $0.subtype == "shake" { phases.append($0) } }
        defer { subscription.cancel() }
        try client.proxy.simulateMotion("shake")
        // Both phases' EventDispatched left the service before its reply: they are queued here.
        client.connection.loop.run(until: { phases.count >= 2 }, timeout: .milliseconds(500))
        guard !phases.isEmpty else {
            throw ClientError(description: "mediaremoted simulated the shake but did not report where it went", status: .failure)
        }
        if json {
            writeLine(JSON.array(phases.map(\.json)).text)
        } else {
            for phase in phases { writeLine("\(phase.phase ?? "?"): \(phase.outcome)") }
        }
        if !phases.contains(where: \.handled) { throw ExitStatus.failure.exitCode }
    }
}
