import Bridge
import DBus
import DBusTypes
import Foundation
import Loop
import Testing
import TestSupport

/// Players that misbehave on purpose (one never answers, one answers every call with an error,
/// one floods `PropertiesChanged`, one flaps on and off the bus) while a healthy player is Now
/// Playing: every event still reaches the healthy one, and the service stays up. The median
/// dispatch latency, as a client sees it, is printed quiet and under each stress, beside the
/// service's memory (MISBEHAVE_EVENTS events a phase; `make soak` runs more). Not asserted as a
/// timing: the figures depend on the machine.
@Suite("misbehaving players: events still reach the healthy one", .serialized)
struct MisbehavingPlayersTests {
    static let path: ObjectPath = "/org/mpris/MediaPlayer2"
    static let player: InterfaceName = "org.mpris.MediaPlayer2.Player"

    /// A well-formed MPRIS player at `status`; `method` is told each method called, and may throw.
    static func export(on connection: Connection, status: String, method: @escaping (MemberName) throws -> Void) throws {
        let can = ["CanPlay", "CanPause", "CanGoNext", "CanGoPrevious", "CanControl", "CanSeek"]
        let members: [MemberName] = ["Next", "Previous", "Play", "Pause", "PlayPause", "Stop"]
        try connection.export([
            Interface("org.mpris.MediaPlayer2", properties: [Property("Identity", .string, get: { .string("test") })]),
            Interface(
                player,
                methods: members.map { name in Method.untyped(name) { _ in try method(name); return [] } },
                properties: [Property("PlaybackStatus", .string, get: { .string(status) })]
                    + can.map { Property(MemberName(stringLiteral: $0), .boolean, get: { .boolean(true) }) }
                    + [Property("Volume", .double, get: { .double(0.5) })]),
        ], at: path)
    }

    @Test("a player too slow to answer at first (still starting up) is read again when it says a property changed, and listed")
    func slowStarter() throws {
        let fixture = try ServiceFixture(logToFile: true)
        // Its loop not run: it answers nothing, as an app still loading its plugins.
        let unrun = try EventLoop()
        let slow = try Connection(.address(fixture.bus.address), loop: unrun)
        try Self.export(on: slow, status: "Playing") { _ in }
        _ = try slow.requestName("org.mpris.MediaPlayer2.slow")
        let unread = "cannot read the properties of org.mpris.MediaPlayer2.slow (no answer in time); ignoring it until it answers: asked again in 5 s, and when it says a property changed"
        #expect(fixture.wait(timeout: .seconds(10)) { ResumeTests.log(fixture).contains(unread) }, "\(ResumeTests.log(fixture))")
        #expect(fixture.players.isEmpty)
        // Up now: it answers, and says its status changed: read at once, not at the late read 5 s on.
        try slow.emitPropertiesChanged(["PlaybackStatus"], of: Self.player, at: Self.path)
        #expect(fixture.wait(timeout: .seconds(3)) {
            unrun.run(until: { false }, timeout: .milliseconds(20))
            return fixture.players.contains("org.mpris.MediaPlayer2.slow Playing true")
        }, "\(fixture.players)")
        slow.close()
    }

    /// One misbehaviour, started and stopped around a phase; `faults` counts what it did.
    final class Stress {
        let name: String
        var faults = 0
        private var stop: (() -> Void)?
        /// `start` begins the misbehaviour and gives what ends it.
        init(_ name: String, start: (Stress) throws -> (() -> Void)) rethrows {
            self.name = name
            stop = try start(self)
        }
        func end() { stop?(); stop = nil }
    }

    @Test("a silent, an erring, a flooding and a flapping player: the healthy player gets every event")
    func misbehaving() throws {
        let events = FuzzTests.setting("MISBEHAVE_EVENTS", default: 300)
        let fixture = try ServiceFixture(logToFile: true)
        let address = fixture.bus.address
        let loop = fixture.loop

        // The healthy player, Playing: Now Playing, so remote-control events go to it.
        let healthy = try Connection(.address(address), loop: loop)
        var healthyCalls = 0
        try Self.export(on: healthy, status: "Playing") { _ in healthyCalls += 1 }
        _ = try healthy.requestName("org.mpris.MediaPlayer2.healthy")
        #expect(fixture.wait { fixture.nowPlaying == "org.mpris.MediaPlayer2.healthy" })

        /// Sends `events` events one after another; the latency of each (call to reply), and
        /// how many did not reach the healthy player.
        func phase() -> (median: Double, lost: Int) {
            var latencies: [Double] = []
            var lost = 0
            for index in 0..<events {
                let callsBefore = healthyCalls
                let start = ContinuousClock.now
                let outcome = fixture.send(index % 2 == 0 ? "nextTrack" : "previousTrack")
                let elapsed = ContinuousClock.now - start
                latencies.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
                if !outcome.hasPrefix("org.mpris.MediaPlayer2.healthy") || healthyCalls != callsBefore + 1 { lost += 1 }
            }
            latencies.sort()
            return (latencies[latencies.count / 2], lost)
        }

        let stresses: [() throws -> Stress] = [
            {
                // Never answers: each connection is on a loop nobody runs, as a hung process's
                // would be; a new one takes a new name every 50 ms, up to 32 (see DECISIONS: each
                // holds one of the service's pending replies while the service asks it).
                try Stress("never answers") { stress in
                    let unrun = try EventLoop()
                    var hung: [Connection] = []
                    let timer = try loop.schedule(after: .zero, repeating: .milliseconds(50)) {
                        guard hung.count < 32, let connection = try? Connection(.address(address), loop: unrun),
                            (try? connection.requestName(BusName("org.mpris.MediaPlayer2.silent\(hung.count)"))) != nil
                        else { return }
                        hung.append(connection)
                        stress.faults += 1
                    }
                    return { timer.cancel(); hung.forEach { $0.close() } }
                }
            },
            {
                // Answers every call with an error (it exports nothing), and takes its name again
                // every 50 ms, so the service keeps asking it.
                try Stress("answers with errors") { stress in
                    let erring = try Connection(.address(address), loop: loop)
                    let name: BusName = "org.mpris.MediaPlayer2.erring"
                    let timer = try loop.schedule(after: .zero, repeating: .milliseconds(50)) {
                        _ = try? erring.releaseName(name)
                        _ = try? erring.requestName(name)
                        stress.faults += 1
                    }
                    return { timer.cancel(); erring.close() }
                }
            },
            {
                // Floods PropertiesChanged: five every millisecond.
                try Stress("floods PropertiesChanged") { stress in
                    let flooding = try Connection(.address(address), loop: loop)
                    try Self.export(on: flooding, status: "Paused") { _ in }
                    _ = try flooding.requestName("org.mpris.MediaPlayer2.flooding")
                    let timer = try loop.schedule(after: .milliseconds(1), repeating: .milliseconds(1)) {
                        for _ in 0..<5 {
                            try? flooding.emitPropertiesChanged(["Volume", "PlaybackStatus"], of: Self.player, at: Self.path)
                            stress.faults += 1
                        }
                    }
                    return { timer.cancel(); flooding.close() }
                }
            },
            {
                // Flaps: takes its name and lets it go every 10 ms.
                try Stress("flaps on and off the bus") { stress in
                    let flapping = try Connection(.address(address), loop: loop)
                    try Self.export(on: flapping, status: "Paused") { _ in }
                    let name: BusName = "org.mpris.MediaPlayer2.flapping"
                    var owned = false
                    let timer = try loop.schedule(after: .milliseconds(10), repeating: .milliseconds(10)) {
                        if owned { _ = try? flapping.releaseName(name) } else { _ = try? flapping.requestName(name) }
                        owned.toggle()
                        stress.faults += 1
                    }
                    return { timer.cancel(); flapping.close() }
                }
            },
        ]

        let rssStart = FuzzTests.residentKB(fixture.daemon.pid) ?? 0
        let quiet = phase()
        func row(_ name: String, _ lost: Int, _ faults: String, _ median: Double) -> String {
            name.padding(toLength: 26, withPad: " ", startingAt: 0)
                + String(format: "%7d %6d ", events, lost) + String(repeating: " ", count: max(0, 7 - faults.count)) + faults
                + String(format: " %10.2f %8.1f", median, median / quiet.median)
        }
        var rows = [row("quiet", quiet.lost, "-", quiet.median)]
        var totalLost = quiet.lost
        var totalFaults = 0
        var worstMedian = 0.0
        for make in stresses {
            let stress = try make()
            // Let it get going before measuring.
            fixture.wait(timeout: .milliseconds(300)) { false }
            let stressed = phase()
            stress.end()
            totalLost += stressed.lost
            totalFaults += stress.faults
            worstMedian = max(worstMedian, stressed.median)
            rows.append(row(stress.name, stressed.lost, "\(stress.faults)", stressed.median))
            #expect(stressed.lost == 0, "\(stress.name): \(stressed.lost) of \(events) events did not reach the healthy player")
            #expect(fixture.daemon.isRunning, "the service stopped while a player \(stress.name)")
            // Gone again: the next phase starts clean.
            fixture.wait(timeout: .milliseconds(200)) { false }
        }
        let rssEnd = FuzzTests.residentKB(fixture.daemon.pid) ?? 0
        print("""
            misbehaving players: \(events) events a phase to a healthy player (median latency, call to reply)
            phase                      events   lost  faults  median ms  × quiet
            \(rows.joined(separator: "\n"))
            service alive: \(fixture.daemon.isRunning); lost in all: \(totalLost); RSS \(rssStart) kB → \(rssEnd) kB
            """)
        SoakReport(part: "misbehaving players", calls: events * (stresses.count + 1), faults: totalFaults,
                   crashes: fixture.daemon.isRunning ? 0 : 1, lost: totalLost, latencyQuiet: quiet.median,
                   latencyStress: worstMedian, rssBefore: rssStart, rssAfter: rssEnd).record()
        #expect(quiet.lost == 0)
        #expect(fixture.nowPlaying == "org.mpris.MediaPlayer2.healthy")
    }
}
