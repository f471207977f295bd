import Bridge
import DBus
import DBusTypes
import Foundation
import MediaRemoteAPI
import Testing
import TestSupport

/// The fuzzer against a running mediaremoted: random and malformed calls to every object and
/// interface it exports (found by introspection). `make test` runs a short run; `make fuzz`
/// runs it long (FUZZ_CALLS, FUZZ_SEED, FUZZ_HUGE_BYTES) and reads the report it prints.
@Suite("fuzzing: random and malformed calls to every interface MediaRemote exports", .serialized)
struct FuzzTests {
    static func setting(_ name: String, default value: Int) -> Int {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) } ?? value
    }

    /// The resident memory of a process, in kB (VmRSS of /proc/PID/status).
    static func residentKB(_ pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        return line?.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    @Test("every call gets a reply or a named error, the service never crashes, and its memory stays bounded")
    func calls() throws {
        let calls = Self.setting("FUZZ_CALLS", default: 3000)
        let seed = UInt64(Self.setting("FUZZ_SEED", default: Int.random(in: 1...999_999)))
        // With the proxy, which is off unless asked for: every object the service can export.
        let fixture = try ServiceFixture(arguments: ["--mpris-proxy"], logToFile: true)
        let targets = try CallFuzzer.discover(on: fixture.client, destination: MediaRemoteNames.busName)
        let paths = Set(targets.map(\.path.rawValue))
        #expect(paths.isSuperset(of: [MediaRemoteNames.objectPath.rawValue, "/org/mpris/MediaPlayer2"]), "\(paths)")
        let fuzzer = CallFuzzer(connection: fixture.client, destination: MediaRemoteNames.busName, targets: targets, seed: seed,
                                hugeBytes: Self.setting("FUZZ_HUGE_BYTES", default: 1 << 20))

        // A first round settles what any run allocates once (caches, the first huge message).
        fuzzer.run(calls: min(500, calls / 4))
        let before = Self.residentKB(fixture.daemon.pid) ?? 0
        var remaining = calls - fuzzer.report.calls
        var crashed = false
        while remaining > 0 && !crashed {
            let round = min(500, remaining)
            fuzzer.run(calls: round)
            remaining -= round
            // Still there, and still answering a plain call.
            let ping = try? fixture.client.callBlocking(.methodCall(
                destination: MediaRemoteNames.busName, path: MediaRemoteNames.objectPath, interface: .peer, member: "Ping"),
                timeout: .seconds(10))
            crashed = ping == nil || !fixture.daemon.isRunning
        }
        let after = Self.residentKB(fixture.daemon.pid) ?? 0
        let report = fuzzer.report
        print("fuzz (seed \(seed)): \(report); crashes \(crashed ? 1 : 0); RSS \(before) kB → \(after) kB (\(after - before >= 0 ? "+" : "")\(after - before) kB)")

        SoakReport(part: "fuzzed calls (seed \(seed))", calls: report.calls, faults: report.calls, crashes: crashed ? 1 : 0,
                   lost: report.unanswered, rssBefore: before, rssAfter: after).record()

        #expect(!crashed, "the service stopped answering; its log: \((try? String(contentsOf: fixture.logFile, encoding: .utf8))?.suffix(2000) ?? "")")
        #expect(report.unanswered == 0, "\(report)")
        #expect(report.returns > 0 && report.errorCount > 0, "\(report)")
        // The run repeats the same kinds of call: what a leak would add grows with the calls.
        #expect(after - before < 16 * 1024, "RSS grew from \(before) kB to \(after) kB")
    }

    @Test("players that break MPRIS every way they can: the service keeps answering, and a healthy responder still gets its events")
    func players() throws {
        let steps = Self.setting("FUZZ_PLAYER_STEPS", default: 2000)
        let seed = UInt64(Self.setting("FUZZ_SEED", default: Int.random(in: 1...999_999)))
        // With the proxy, which mirrors whatever the players claim.
        let fixture = try ServiceFixture(arguments: ["--mpris-proxy"], logToFile: true)
        // The healthy app: a Responder1 object, first responder, receiving.
        var healthy: [String] = []
        try fixture.client.export([ResponderObject.interface { member, subtype in
            healthy.append("\(member) \(subtype)")
            return true
        }], at: "/healthy")
        _ = try fixture.callBridge(MediaRemoteMembers.beginReceivingRemoteControlEvents.name).get()
        #expect(try fixture.callBridge(MediaRemoteMembers.becomeFirstResponder.name, [.objectPath("/healthy")]).get().arguments == [.boolean(true)])

        let fuzzer = try PlayerFuzzer(address: fixture.bus.address, loop: fixture.loop, players: 4, seed: seed,
                                      hugeBytes: Self.setting("FUZZ_HUGE_BYTES", default: 1 << 18))
        let before = Self.residentKB(fixture.daemon.pid) ?? 0
        var answered = 0
        var crashed = false
        for step in 1...steps where !crashed {
            try fuzzer.step()
            if step % 10 == 0 { fixture.wait(timeout: .milliseconds(20)) { false } }
            if step % 250 == 0 {
                // Every event sent meanwhile is answered (by a fuzz player, the healthy app, or discarded).
                let sent = fixture.send(["play", "nextTrack", "togglePlayPause"][step / 250 % 3])
                if sent.hasPrefix(":") || sent.hasPrefix("org.mpris") || sent == "discarded" { answered += 1 }
                crashed = !fixture.daemon.isRunning
            }
        }
        // Shakes ignore Now Playing: they reach the first responder, the healthy app.
        healthy = []
        #expect((try? fixture.callBridge(MediaRemoteMembers.simulateMotion.name, [.string("shake")]).get()) != nil)
        #expect(healthy == ["MotionBegan shake", "MotionEnded shake"])
        let playersProperty = fixture.property(MediaRemoteMembers.players.name)
        let after = Self.residentKB(fixture.daemon.pid) ?? 0
        print("fuzz players (seed \(seed)): \(steps) steps, \(fuzzer.report); \(answered) of \(steps / 250) events answered meanwhile; "
            + "crashes \(crashed ? 1 : 0); RSS \(before) kB → \(after) kB")
        SoakReport(part: "bad players (seed \(seed))", calls: steps / 250, faults: steps, crashes: crashed ? 1 : 0,
                   lost: steps / 250 - answered, rssBefore: before, rssAfter: after).record()
        #expect(!crashed && fixture.daemon.isRunning, "\((try? String(contentsOf: fixture.logFile, encoding: .utf8))?.suffix(2000) ?? "")")
        #expect(answered == steps / 250)
        #expect(fuzzer.report.appearances > 0 && fuzzer.report.signals > 0)
        // The Players property still reads, whatever the players claimed to be.
        #expect(playersProperty != nil)
        #expect(after - before < 16 * 1024, "RSS grew from \(before) kB to \(after) kB")
    }
}
