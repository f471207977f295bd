import ArgumentParser
import Bridge

/// `mediaremotectl`: talks to mediaremoted on the session bus.
public struct MediaRemoteCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "mediaremotectl",
        abstract: "Control and inspect MediaRemote, the media-remote service.",
        discussion: """
            Exit status: 0 on success, 1 when the service answered with an error or discarded the event sent, \
            \(ExitStatus.usage.rawValue) for a wrong argument, \
            \(ExitStatus.unavailable.rawValue) when the service or the session bus cannot be reached.

            Examples:
              mediaremotectl status            Now Playing, first responder, mode, players
              mediaremotectl players           every player, and why it is or is not Now Playing
              mediaremotectl devices           every input device, and whether it is read
              mediaremotectl send toggle       play or pause whatever is Now Playing
              mediaremotectl shake             a simulated shake
              mediaremotectl monitor           every event as it happens
              mediaremotectl ping              check that mediaremoted answers
              mediaremotectl check             check the configuration file
              mediaremotectl reload            apply the configuration file again
              mediaremotectl --version         the client's and the service's versions
              mediaremotectl --generate-completion-script bash > mediaremotectl.bash
            """,
        subcommands: [Status.self, Players.self, Devices.self, Send.self, Shake.self, MotionCommand.self, Monitor.self, Ping.self, Check.self, Reload.self]
    )

    @Flag(name: .long, help: "Print the client's version and the running service's, then exit.")
    var version = false

    public init() {}

    public func run() throws {
        guard version else {
            throw CleanExit.helpRequest(self)
        }
        print("mediaremotectl \(MediaRemoteVersion.current)")
        let client = try ServiceClient()
        print("mediaremoted \(try client.serviceVersion())")
    }
}
