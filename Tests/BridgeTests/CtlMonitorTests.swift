import Bridge
import Foundation
import Testing
import TestSupport

@testable import MediaRemoteCtl

/// `monitor` started before mediaremoted, and left running while the service stops and starts
/// again: what it says on standard error, once each time, and the events in between.
@Suite("mediaremotectl monitor: waits for the service")
struct CtlMonitorTests {
    @Test(
        "what monitor says as the service comes and goes: that it waits, once; that it started; that it stopped",
        arguments: [
            ([nil, nil, ":1.5", ":1.5", nil, nil, ":1.9"] as [String?],
             ["mediaremoted is not running; waiting for it to start", "mediaremoted started (:1.5)",
              "mediaremoted stopped; waiting for it to start again", "mediaremoted started (:1.9)"]),
            ([":1.5", nil], ["mediaremoted stopped; waiting for it to start again"]),
        ])
    func presence(owners: [String?], notices: [String]) {
        var presence = ServicePresence()
        #expect(owners.compactMap { presence.owner($0) } == notices)
    }

    /// Reads the file `monitor` writes both its outputs to until `text` is in it.
    static func wait(for text: String, count: Int = 1, in file: URL) -> String {
        let deadline = ContinuousClock.now + .seconds(20)
        var contents = ""
        while ContinuousClock.now < deadline {
            contents = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            if contents.components(separatedBy: text).count - 1 >= count { break }
            usleep(20_000)
        }
        return contents
    }

    @Test("started before the service: says once that it waits, shows events once it starts, says when it stops, waits again")
    func waits() throws {
        let bus = try PrivateBus()
        // Standard output and error in one file, in the order written: monitor writes unbuffered.
        let output = bus.directory.appendingPathComponent("monitor.out")
        let monitor = Subprocess(DaemonTests.ctl, ["monitor"], environment: bus.environment, outputFile: output.path)
        try monitor.start()
        defer { _ = monitor.stop() }
        let waiting = "mediaremotectl: mediaremoted is not running; waiting for it to start\n"
        #expect(Self.wait(for: waiting, in: output) == waiting)

        let event = "togglePlayPause  from api  discarded: no app is receiving remote-control events\n"
        var daemon = try DaemonTests.start(on: bus)
        #expect(try Subprocess.run(DaemonTests.ctl, ["send", "toggle"], environment: bus.environment).status == 1)
        #expect(Self.wait(for: event, in: output).contains("mediaremotectl: mediaremoted started (:1."))

        #expect(daemon.stop().status == 0)
        let stopped = "mediaremotectl: mediaremoted stopped; waiting for it to start again\n"
        #expect(Self.wait(for: stopped, in: output).hasSuffix(stopped))
        daemon = try DaemonTests.start(on: bus)
        defer { _ = daemon.stop() }
        #expect(try Subprocess.run(DaemonTests.ctl, ["send", "toggle"], environment: bus.environment).status == 1)
        let all = Self.wait(for: event, count: 2, in: output)
        #expect(monitor.isRunning)
        // Each start names the service's unique name, which changes: it is matched by its prefix.
        let lines = all.split(separator: "\n").map { line in
            line.hasPrefix("mediaremotectl: mediaremoted started (:1.") ? "STARTED" : line.hasPrefix("mediaremotectl: ") ? String(line) : "EVENT"
        }
        #expect(lines == [
            "mediaremotectl: mediaremoted is not running; waiting for it to start", "STARTED", "EVENT",
            "mediaremotectl: mediaremoted stopped; waiting for it to start again", "STARTED", "EVENT",
        ], "\(all)")
    }
}
