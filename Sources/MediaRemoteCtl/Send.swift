import ArgumentParser
import Bridge
import Core
import DBus

/// `mediaremotectl send`: a remote-control event, as if from a remote.
struct Send: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Send a remote-control event through the rules and the responder chain.",
        discussion: """
            Prints who handled it, or why it was discarded (exit status 1).

            Examples:
              mediaremotectl send toggle
              mediaremotectl send next
              mediaremotectl send seek-forward begin     (then: seek-forward end)
            """
    )

    /// The names the CLI takes, and the subtypes they stand for.
    static let names: [String: String] = [
        "play": "play", "pause": "pause", "toggle": "togglePlayPause", "stop": "stop", "next": "nextTrack",
        "previous": "previousTrack",
    ]

    @ArgumentParser.Argument(help: "play, pause, toggle, stop, next, previous, seek-forward or seek-backward.")
    var event: String

    @ArgumentParser.Argument(help: "For seek-forward and seek-backward: begin or end.")
    var phase: String?

    func validate() throws {
        _ = try subtype()
    }

    func subtype() throws -> String {
        if event == "seek-forward" || event == "seek-backward" {
            guard let phase, phase == "begin" || phase == "end" else {
                throw ValidationError("\(event) needs begin or end, e.g. 'mediaremotectl send \(event) begin'")
            }
            let direction = event == "seek-forward" ? "Forward" : "Backward"
            return "\(phase)Seeking\(direction)"
        }
        guard phase == nil else { throw ValidationError("\(event) takes no begin or end") }
        guard let subtype = Send.names[event] else {
            throw ValidationError("'\(event)' is not an event; use one of play, pause, toggle, stop, next, previous, seek-forward, seek-backward")
        }
        return subtype
    }

    func run() throws {
        let client = try ServiceClient()
        var seen: DispatchedEvent?
        let subscription = client.followEvents { if $0.source == "api" { seen = $0 } }
        defer { subscription.cancel() }
        let reply = try client.call(BridgeNames.interface, "SendRemoteControlEvent", [.string(try subtype())])
        // EventDispatched left the service before this reply: it is in our queue.
        client.connection.loop.run(until: { seen != nil }, timeout: .milliseconds(500))
        if case .boolean(true)? = reply.arguments.first, case .string(let name) = reply.arguments[1],
            case .objectPath(let path) = reply.arguments[2]
        {
            print("handled by \(name) \(path)")
            return
        }
        print("discarded: \(seen.map { Send.explain($0.reason) } ?? "no responder handled it")")
        throw ExitStatus.failure.exitCode
    }

    /// The sentence for a discard reason as `EventDispatched` names it.
    static func explain(_ reason: String) -> String {
        DiscardReason(rawValue: reason)?.explanation ?? reason
    }
}
