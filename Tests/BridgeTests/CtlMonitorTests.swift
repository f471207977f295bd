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

extension CtlMonitorTests {
    @Test("monitor --wall-clock: each line begins with the local time of day; its JSON adds time, ISO 8601 in UTC, near now")
    func wallClock() throws {
        let fixture = try ServiceFixture()
        let text = try fixture.spawn(DaemonTests.ctl, ["monitor", "--wall-clock"])
        let json = try fixture.spawn(DaemonTests.ctl, ["monitor", "--wall-clock", "--json"])
        // Both subscribed once they print what a send does.
        var line: String?
        var object: String?
        for _ in 0..<50 where line == nil || object == nil {
            _ = try Subprocess.run(DaemonTests.ctl, ["send", "toggle"], environment: fixture.bus.environment)
            line = line ?? text.readLine(timeout: .milliseconds(200))
            object = object ?? json.readLine(timeout: .milliseconds(200))
        }
        let local = DateFormatter()
        local.dateFormat = "HH:mm:ss"
        let now = local.string(from: Date())
        let shown = String(line?.prefix(8) ?? "")
        // Within a few seconds of now, as the clock on the wall says.
        let seconds = { (text: String) in text.split(separator: ":").compactMap { Int($0) }.reduce(0) { $0 * 60 + $1 } }
        #expect(line.map { $0.range(of: #"^\d\d:\d\d:\d\d\.\d{6}  remoteControl  togglePlayPause"#, options: .regularExpression) != nil } == true,
                "\(line ?? "no line")")
        #expect(abs(seconds(shown) - seconds(now)) <= 5 || abs(seconds(shown) - seconds(now)) >= 86_395, "\(shown) against \(now)")
        let decoded = try JSONSerialization.jsonObject(with: Data((object ?? "").utf8)) as? [String: Any]
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let time = (decoded?["time"] as? String).flatMap { iso.date(from: $0) }
        #expect(time.map { abs($0.timeIntervalSinceNow) < 5 } == true, "\(object ?? "no object")")
        #expect(decoded?["timestamp_us"] is NSNumber)
    }
}
