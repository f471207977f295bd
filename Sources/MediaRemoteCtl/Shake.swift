import ArgumentParser
import Bridge
import DBus

/// `mediaremotectl shake`: a simulated shake, like the iOS Simulator's Shake Gesture.
struct Shake: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Simulate a shake: MotionBegan then MotionEnded to the first responder.",
        discussion: """
            Prints where each phase went.

            Example:
              $ mediaremotectl shake
              began: handled by :1.42 /org/example/Player
              ended: handled by :1.42 /org/example/Player
            """
    )

    func run() throws {
        let client = try ServiceClient()
        var phases: [DispatchedEvent] = []
        let subscription = client.followEvents { if $0.source == "simulated" { phases.append($0) } }
        defer { subscription.cancel() }
        _ = try client.call(BridgeNames.interface, "SimulateMotion", [.string("shake")])
        client.connection.loop.run(until: { phases.count >= 2 }, timeout: .milliseconds(500))
        for phase in phases { print("\(phase.phase): \(phase.handled ? phase.outcome : "discarded: \(Send.explain(phase.reason))")") }
    }
}
