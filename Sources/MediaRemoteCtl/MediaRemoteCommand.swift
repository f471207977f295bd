import ArgumentParser
import MediaRemoteAPI

/// `mediaremotectl`: talks to mediaremoted on the session bus.
public struct MediaRemoteCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "mediaremotectl",
        abstract: "Control and inspect MediaRemote, the media-remote service.",
        discussion: """
            Errors and notices go to standard error as "mediaremotectl: ...". \
            With --json, a command prints one JSON value (an object, or an array \
            that is [] when empty); monitor prints one object a line. Whatever is \
            not there is null. Each command's help shows its shape; --version \
            --json prints {"version":...,"service_version":...}, the service's \
            null when it is not running.

            Examples:
              mediaremotectl status       Now Playing, its track, the chain
              mediaremotectl status -f    a line each time Now Playing changes
              mediaremotectl shift        Now Playing to the next player
              mediaremotectl players      every player, and why it is Now Playing
              mediaremotectl devices      every input device, read or not
              mediaremotectl send toggle  play or pause what is Now Playing
              mediaremotectl shake        a simulated shake
              mediaremotectl monitor      every event as it happens
              mediaremotectl ping         is mediaremoted answering?
              mediaremotectl check        check the configuration file
              mediaremotectl reload       apply the configuration file again
              mediaremotectl --version    this client's and the service's versions
              mediaremotectl --generate-completion-script bash

            Exit status:
            \(MediaRemoteCommand.exitStatuses)
            """,
        subcommands: [
            Status.self, Players.self, Devices.self, Send.self, ShiftCommand.self, UnshiftCommand.self, Shake.self, MotionCommand.self,
            Monitor.self, Ping.self, Check.self, Reload.self,
        ]
    )

    /// The statuses as the help lists them, from ``ExitStatus`` itself.
    static var exitStatuses: String {
        ExitStatus.allCases.map { status in
            let meaning = switch status {
            case .success: "success"
            case .failure: "the service answered with an error, or discarded the event"
            case .usage: "a wrong argument or subcommand"
            case .dataError: "a malformed file (check, motion replay)"
            case .noInput: "a file that cannot be read (check, motion replay)"
            case .unavailable: "the service is not running, or the session bus is unreachable"
            }
            return "  " + "\(status.rawValue)".padding(4) + meaning
        }.joined(separator: "\n")
    }

    @Flag(name: .long, help: "Print the client's version, and the service's when it is running, then exit.")
    var version = false

    public init() {}

    public func run() throws {
        guard version else {
            throw CleanExit.helpRequest(self)
        }
        Self.printVersions(json: false)
    }

    /// The client's version, and the service's only when it is there and answers at once (the
    /// client's needs neither). With `json`, one object: version, and service_version or null.
    static func printVersions(json: Bool) {
        let service = ServiceClient.versionIfRunning()
        if json {
            writeLine(JSON.object([("version", .string(MediaRemoteVersion.current)), ("service_version", JSON(service))]).text)
        } else {
            writeLine("mediaremotectl \(MediaRemoteVersion.current)")
            if let service { writeLine("mediaremoted \(service)") }
        }
    }
}
