import ArgumentParser
import Bridge

/// `mediaremotectl`: talks to mediaremoted on the session bus.
public struct MediaRemoteCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "mediaremotectl",
        abstract: "Control and inspect MediaRemote, the media-remote service.",
        discussion: """
            Exit status: 0 on success, 1 when the service answered with an error, \
            \(ExitStatus.usage.rawValue) for a wrong argument, \
            \(ExitStatus.unavailable.rawValue) when the service or the session bus cannot be reached.

            Examples:
              mediaremotectl ping        check that mediaremoted answers
              mediaremotectl --version   print the client's and the service's versions
            """,
        subcommands: [Ping.self]
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
