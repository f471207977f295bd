import DBus
import DBusTypes
import Foundation
import MediaRemoteAPI
import Testing
import TestSupport

/// What the rules knew survives a restart of the service (the state file): with real players
/// (mpv with mpv-mpris), a restart by SIGTERM (`systemctl --user restart`) or a crash (kill -9)
/// keeps Now Playing and the promise that play/pause twice resumes what the first paused.
@Suite("A restart forgets nothing", .serialized)
struct RestartTests {
    /// A and B playing, B paused by a remote-control event: B stays Now Playing though A plays.
    static func bPausedByRemote(_ fixture: ServiceFixture) throws -> (a: MPV, b: MPV) {
        let (a, b) = try RealPlayerTests.bothPlaying(fixture)
        #expect(fixture.send("togglePlayPause") == "\(b.name) /org/mpris/MediaPlayer2")
        #expect(fixture.wait { fixture.players.contains { $0.hasPrefix("\(b.name) Paused") } })
        #expect(fixture.nowPlaying == b.name)
        return (a, b)
    }

    /// The players as the restarted service lists them, once it has found both.
    static func waitForPlayers(_ fixture: ServiceFixture, _ players: MPV...) {
        #expect(fixture.wait { players.allSatisfy { player in fixture.players.contains { $0.hasPrefix(player.name + " ") } } })
    }

    @Test("restarted (SIGTERM, or kill -9), Now Playing is the player paused by the remote, and play/pause resumes it",
          arguments: [SIGTERM, SIGKILL])
    func restartKeepsThePin(signal: Int32) throws {
        let fixture = try ServiceFixture()
        let (a, b) = try Self.bPausedByRemote(fixture)
        // Written at once (no write this second yet): a kill right after loses nothing.
        #expect(fixture.wait { ((try? String(contentsOf: fixture.bus.stateFile, encoding: .utf8)) ?? "").contains("pin ") })
        // Every NowPlaying the service announces from here on: the restarted one says B once,
        // not A first (the player playing, found before the pinned one).
        var announced: [String] = []
        let watch = fixture.client.subscribe(MatchRule(interface: .properties, member: "PropertiesChanged")) { message in
            guard case .dictionary(_, _, let entries)? = message.arguments.dropFirst().first?.unwrapped else { return }
            for entry in entries where entry.key == .string("NowPlaying") {
                if case .string(let name) = entry.value.unwrapped { announced.append(name) }
            }
        }
        defer { watch.cancel() }
        let before = try fixture.restart(signal: signal)
        if signal == SIGTERM { #expect(before.status == 0, "\(before.stderr)") }
        Self.waitForPlayers(fixture, a, b)
        #expect(fixture.wait { fixture.nowPlaying == b.name }, "Now Playing after the restart: \(fixture.nowPlaying ?? "nobody")")
        fixture.wait(timeout: .milliseconds(300)) { false }
        #expect(!announced.contains(a.name), "announced after the restart: \(announced)")
        let status = try Subprocess.run(DaemonTests.ctl, ["status"], environment: fixture.bus.environment).stdout
        #expect(status.contains("paused or stopped by a remote-control event"), "\(status)")
        #expect(fixture.send("togglePlayPause") == "\(b.name) /org/mpris/MediaPlayer2")
        #expect(fixture.wait { b.status == "Playing" })
        #expect(a.status == "Playing")
        let log = fixture.daemon.stop().stderr
        #expect(log.contains("recalled what the service before knew of 2 of its 2 players"), "\(log)")
    }

    @Test("a player that started to play while no service ran ends the pin, as any start does")
    func startedWhileAway() throws {
        let fixture = try ServiceFixture()
        let (a, b) = try Self.bPausedByRemote(fixture)
        let c = try MPV(fixture)
        try fixture.restart { c.command("Play") }
        Self.waitForPlayers(fixture, a, b, c)
        #expect(fixture.wait { fixture.nowPlaying == c.name }, "Now Playing: \(fixture.nowPlaying ?? "nobody")")
        #expect(fixture.send("togglePlayPause") == "\(c.name) /org/mpris/MediaPlayer2")
    }

    @Test("the order of starts survives: the player that started last is Now Playing, whichever is found first")
    func orderOfStarts() throws {
        let fixture = try ServiceFixture()
        let a = try MPV(fixture)
        let b = try MPV(fixture)
        b.play()
        a.play()
        #expect(fixture.nowPlaying == a.name)
        for _ in 0..<2 {
            try fixture.restart()
            Self.waitForPlayers(fixture, a, b)
            #expect(fixture.wait { fixture.nowPlaying == a.name }, "Now Playing: \(fixture.nowPlaying ?? "nobody")")
            // Not "playing since before MediaRemote saw it": when each started is known.
            let players = try Subprocess.run(DaemonTests.ctl, ["players"], environment: fixture.bus.environment).stdout
            #expect(players.contains("Now Playing: playing") && players.contains("playing, but another app started playing more recently"),
                    "\(players)")
        }
    }

    @Test("a service on another bus of the same person (dbus-run-session, make run over ssh) erases nothing of this bus's memory")
    func anotherBusOfTheSamePerson() throws {
        let fixture = try ServiceFixture()
        let (a, b) = try Self.bPausedByRemote(fixture)
        #expect(fixture.wait { ((try? String(contentsOf: fixture.bus.stateFile, encoding: .utf8)) ?? "").contains("pin ") })
        // A second bus, its service and player, the same home: it starts, plays, and stops.
        let other = try ServiceFixture(stateHome: fixture.bus.stateHome)
        let c = try MPV(other)
        c.play()
        #expect(other.wait { other.nowPlaying == c.name })
        let otherLog = other.daemon.stop().stderr
        #expect(otherLog.contains("nothing saved for this session bus (\(other.bus.id))"), "\(otherLog)")
        #expect(FileManager.default.fileExists(atPath: other.bus.stateFile.path))
        // The first bus's service, killed and restarted, recalls its own memory: the pin holds.
        try fixture.restart(signal: SIGKILL)
        Self.waitForPlayers(fixture, a, b)
        #expect(fixture.wait { fixture.nowPlaying == b.name }, "Now Playing after the restart: \(fixture.nowPlaying ?? "nobody")")
        let log = fixture.daemon.stop().stderr
        #expect(log.contains("recalled what the service before knew of 2 of its 2 players"), "\(log)")
        #expect(!log.contains("another bus"), "\(log)")
    }

    @Test("the file of a version before per-bus files is recalled when it is this bus's, then removed")
    func legacyFile() throws {
        let fixture = try ServiceFixture()
        let (_, b) = try Self.bPausedByRemote(fixture)
        let legacy = fixture.bus.stateFile.deletingLastPathComponent().appendingPathComponent("state")
        try fixture.restart(signal: SIGTERM) {
            try? FileManager.default.moveItem(at: fixture.bus.stateFile, to: legacy)
        }
        #expect(fixture.wait { fixture.nowPlaying == b.name }, "Now Playing after the restart: \(fixture.nowPlaying ?? "nobody")")
        // Its first write is this bus's own file, and the old one goes.
        #expect(fixture.send("togglePlayPause") == "\(b.name) /org/mpris/MediaPlayer2")
        #expect(fixture.wait { !FileManager.default.fileExists(atPath: legacy.path) && FileManager.default.fileExists(atPath: fixture.bus.stateFile.path) })
    }

    @Test("a state file that names another bus is not recalled, and the log says so")
    func anotherBus() throws {
        let fixture = try ServiceFixture()
        let a = try MPV(fixture)
        let b = try MPV(fixture)
        b.play()
        a.play()
        try fixture.restart(signal: SIGTERM) {
            // The same players' names, another bus's id.
            let text = (try? String(contentsOf: fixture.bus.stateFile, encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n").map { $0.hasPrefix("bus ") ? "bus 0123456789abcdef0123456789abcdef" : String($0) }
            try? (lines.joined(separator: "\n") + "\n").write(to: fixture.bus.stateFile, atomically: true, encoding: .utf8)
        }
        Self.waitForPlayers(fixture, a, b)
        let log = fixture.daemon.stop().stderr
        #expect(log.contains("names another bus (0123456789abcdef0123456789abcdef), not this one (\(fixture.bus.id)): not recalled"), "\(log)")
        #expect(!log.contains("recalled what"), "\(log)")
    }
}
