import ArgumentParser
import Bridge
import DBus

/// `mediaremotectl ping`: is mediaremoted there, and how fast does it answer?
struct Ping: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that mediaremoted is running and answering.",
        discussion: """
            Sends org.freedesktop.DBus.Peer.Ping to org.mediaremote.MediaRemote1 and prints \
            the round-trip time. Exits with \(ExitStatus.unavailable.rawValue) when the service is not running.

            Example:
              $ mediaremotectl ping
              mediaremoted (:1.42) answered in 0.21 ms
            """
    )

    func run() throws {
        let client = try ServiceClient()
        let start = MonotonicClock.microseconds
        let reply = try client.call(.peer, "Ping")
        let elapsed = MonotonicClock.microseconds - start
        let owner = reply.sender.map { " (\($0))" } ?? ""
        print("mediaremoted\(owner) answered in \(formatMilliseconds(microseconds: elapsed)) ms")
    }
}

/// Microseconds as milliseconds with two decimals, without Foundation's formatters.
func formatMilliseconds(microseconds: UInt64) -> String {
    let hundredths = (microseconds + 5) / 10
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
