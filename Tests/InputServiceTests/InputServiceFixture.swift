import DBus
import DBusTypes
import Foundation
import Loop
import MediaRemoteAPI
import TestSupport

/// mediaremote-inputd started on a private bus standing for the system bus, with an empty input
/// folder and logind's files in a folder of the test's; stopped when released.
final class InputServiceFixture {
    static let daemon = BuiltProducts.path("mediaremote-inputd")
    let bus: PrivateBus
    let logind: URL
    let process: Subprocess

    init() throws {
        bus = try PrivateBus()
        logind = bus.directory.appendingPathComponent("logind")
        let input = bus.directory.appendingPathComponent("input")
        for folder in ["seats", "users"] {
            try FileManager.default.createDirectory(at: logind.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        process = Subprocess(Self.daemon, ["--bus", bus.address, "--input-dir", input.path, "--logind-dir", logind.path],
                             environment: bus.environment)
        try process.start()
        let connection = try bus.connect()
        var owner: BusName?
        let watch = connection.watchNameOwner(InputServiceNames.busName) { owner = $0 }
        defer { watch.cancel() }
        connection.loop.run(until: { owner != nil || !self.process.isRunning }, timeout: .seconds(20))
        guard owner != nil else { throw TestFailure("mediaremote-inputd did not take its name: \(process.stop().stderr)") }
    }

    deinit {
        _ = process.stop()
    }

    /// Writes logind's files as logind does: whole, by rename.
    func logindSays(activeUser: UInt32?, seatsOf users: [UInt32: String] = [:]) throws {
        for (user, seats) in users {
            try "NAME=person\nSTATE=active\nSEATS=\(seats)\n".write(to: logind.appendingPathComponent("users/\(user)"), atomically: true, encoding: .utf8)
        }
        let seat = activeUser.map { "IS_SEAT0=1\nACTIVE=c1\nACTIVE_UID=\($0)\n" } ?? "IS_SEAT0=1\n"
        try seat.write(to: logind.appendingPathComponent("seats/seat0"), atomically: true, encoding: .utf8)
    }
}
