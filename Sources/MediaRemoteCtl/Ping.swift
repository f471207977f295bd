import ArgumentParser
import DBusTypes
import Loop
import MediaRemoteClient
import Time

/// `mediaremotectl ping`: is mediaremoted there, and how fast does it answer?
struct Ping: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that mediaremoted is running and answering.",
        discussion: """
            Sends org.freedesktop.DBus.Peer.Ping to org.mediaremote.MediaRemote1 \
            and prints the round-trip time. Exits \(ExitStatus.unavailable.rawValue) \
            when the service is not running.

            With --json, one object: bus_name (the unique name that answered) and \
            round_trip_us (microseconds).

            Examples:
              $ mediaremotectl ping
              mediaremoted (:1.42) answered in 0.21 ms
              $ mediaremotectl ping --json
              {"bus_name":":1.42","round_trip_us":210}
            """
    )

    @Flag(help: "Print one JSON object.")
    var json = false

    func run() throws {
        let client = try ServiceClient()
        let start = MonotonicClock.now
        let answered = try client.proxy.ping()
        let elapsed = MonotonicClock.now.duration(since: start)
        if json {
            let microseconds = JSON.number(UInt64(elapsed.wholeMicroseconds))
            writeLine(JSON.object([("bus_name", JSON(answered?.rawValue)), ("round_trip_us", microseconds)]).text)
        } else {
            let owner = answered.map { " (\($0))" } ?? ""
            writeLine("mediaremoted\(owner) answered in \(fixedPoint(elapsed, in: .milliseconds(1))) ms")
        }
    }
}
