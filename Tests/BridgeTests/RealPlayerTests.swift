import Bridge
import DBus
import DBusTypes
import Foundation
import MediaRemoteAPI
import Testing
import TestSupport

/// mediaremoted with real players (mpv with mpv-mpris, Audacious), driven only through their
/// public interfaces.
@Suite("Real players: Now Playing and delivery", .serialized)
struct RealPlayerTests {
    /// A and B playing, B started last: B is Now Playing.
    static func bothPlaying(_ fixture: ServiceFixture) throws -> (a: MPV, b: MPV) {
        let a = try MPV(fixture)
        let b = try MPV(fixture)
        a.play()
        b.play()
        #expect(fixture.nowPlaying == b.name)
        return (a, b)
    }

    @Test("A playing and B paused: next reaches A")
    func nextReachesThePlayingOne() throws {
        let fixture = try ServiceFixture()
        let a = try MPV(fixture)
        let b = try MPV(fixture)
        a.play()
        #expect(fixture.nowPlaying == a.name)
        #expect(fixture.send("nextTrack") == "\(a.name) /org/mpris/MediaPlayer2")
        #expect(fixture.wait { a.title == "track2.ogg" })
        #expect(b.title == "track1.ogg")
        #expect(b.status == "Paused")
    }

    @Test("""
        a stopped player (kill -STOP) is sent the press and nobody else is; the next press passes it by; resumed, it acts \
        on the first and is reached again
        """)
    func stoppedPlayer() throws {
        let fixture = try ServiceFixture()
        let (a, b) = try Self.bothPlaying(fixture)
        kill(b.process.pid, SIGSTOP)
        var resumed = false
        defer { if !resumed { kill(b.process.pid, SIGCONT) } }
        let sent = try Subprocess.run(DaemonTests.ctl, ["send", "toggle"], environment: fixture.bus.environment)
        #expect(sent.status == 1)
        #expect(sent.stdout.hasPrefix("no answer in time from \(b.name) /org/mpris/MediaPlayer2: it may still act on it"), "\(sent.stdout)")
        // The press went to nobody else: A plays on.
        #expect(a.status == "Playing")
        let status = try Subprocess.run(DaemonTests.ctl, ["status"], environment: fixture.bus.environment).stdout
        #expect(status.contains("Not answering:   \(b.name), since an event"), "\(status)")
        #expect(status.contains("Now Playing:     \(a.name) "), "\(status)")
        // One hung player holds no key: the next press goes to the one that answers.
        #expect(fixture.send("togglePlayPause") == "\(a.name) /org/mpris/MediaPlayer2")
        #expect(fixture.wait { a.status == "Paused" })
        kill(b.process.pid, SIGCONT)
        resumed = true
        // Resumed, it acts on the press it was sent (a call cannot be taken back), and answers.
        #expect(fixture.wait { b.status == "Paused" })
        #expect(fixture.wait { (try? fixture.describeState().notAnswering.isEmpty) == true })
        let log = fixture.daemon.stop().stderr
        #expect(log.contains("togglePlayPause from api: sent to \(b.name) /org/mpris/MediaPlayer2, which did not answer in time"), "\(log)")
        #expect(log.contains("\(b.name) answers again"), "\(log)")
    }

    @Test("a player launched already playing is Now Playing, every time; one launched paused moves nothing")
    func launchedPlaying() throws {
        let fixture = try ServiceFixture()
        let a = try MPV(fixture)
        a.play()
        // mpv launched with a file plays before (or as) its MPRIS name comes up: a race that the
        // old rule lost most of the time. Each launch must win it.
        var launched: [MPV] = []
        for _ in 0..<4 {
            let player = try MPV(fixture, playing: true)
            #expect(fixture.wait { fixture.nowPlaying == player.name }, "Now Playing stayed with \(fixture.nowPlaying ?? "nobody")")
            launched.append(player)
        }
        let players = try Subprocess.run(DaemonTests.ctl, ["players"], environment: fixture.bus.environment).stdout
        #expect(players.contains("* \(launched.last?.name ?? "") (:1."), "\(players)")
        #expect(players.components(separatedBy: "Now Playing: playing").count == 2, "\(players)")
        let paused = try MPV(fixture)
        fixture.wait(timeout: .milliseconds(300)) { false }
        #expect(fixture.nowPlaying == launched.last?.name, "a paused player appearing took Now Playing from \(paused.name)")
    }

    @Test("Audacious launched with a file, already playing, is Now Playing")
    func audaciousLaunchedPlaying() throws {
        let fixture = try ServiceFixture()
        let a = try MPV(fixture)
        a.play()
        let home = try Self.startAudacious(fixture)
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(fixture.wait(timeout: .seconds(20)) { fixture.players.contains { $0.hasPrefix("org.mpris.MediaPlayer2.audacious Playing ") } },
                "\(fixture.players)")
        #expect(fixture.wait { fixture.nowPlaying == "org.mpris.MediaPlayer2.audacious" }, "\(fixture.nowPlaying ?? "nobody")")
        #expect(fixture.send("togglePlayPause") == "org.mpris.MediaPlayer2.audacious /org/mpris/MediaPlayer2")
        #expect(a.status == "Playing")
    }

    @Test("play/pause twice comes back: the player it paused resumes, though another plays on")
    func toggleTwice() throws {
        let fixture = try ServiceFixture()
        let (a, b) = try Self.bothPlaying(fixture)
        #expect(fixture.send("togglePlayPause") == "\(b.name) /org/mpris/MediaPlayer2")
        #expect(fixture.wait { b.status == "Paused" && fixture.players.contains { $0.hasPrefix("\(b.name) Paused") } })
        #expect(fixture.nowPlaying == b.name, "the player just paused stays Now Playing")
        #expect(fixture.send("togglePlayPause") == "\(b.name) /org/mpris/MediaPlayer2")
        #expect(fixture.wait { b.status == "Playing" })
        #expect(a.status == "Playing")
        // A third and a fourth press go on toggling B; A is never touched.
        #expect(fixture.send("togglePlayPause") == "\(b.name) /org/mpris/MediaPlayer2")
        #expect(fixture.wait { b.status == "Paused" })
        #expect(fixture.send("togglePlayPause") == "\(b.name) /org/mpris/MediaPlayer2")
        #expect(fixture.wait { b.status == "Playing" })
        #expect(a.status == "Playing")
    }

    @Test("a player paused from a remote stays Now Playing until another starts to play")
    func pausedUntilAnotherStarts() throws {
        let fixture = try ServiceFixture()
        let a = try MPV(fixture)
        let b = try MPV(fixture)
        let c = try MPV(fixture)
        a.play()
        b.play()
        #expect(fixture.send("pause") == "\(b.name) /org/mpris/MediaPlayer2")
        #expect(fixture.wait { fixture.players.contains { $0.hasPrefix("\(b.name) Paused") } })
        fixture.wait(timeout: .milliseconds(1200)) { false }
        #expect(fixture.nowPlaying == b.name)
        c.play()
        #expect(fixture.wait { fixture.nowPlaying == c.name })
    }

    @Test("Shift and Unshift: a person's choice moves Now Playing along the line and holds until another player starts")
    func shift() throws {
        let fixture = try ServiceFixture()
        func shift(_ member: MemberName) -> String {
            guard case .success(let reply) = fixture.callBridge(member) else { return "?" }
            return (try? ShiftReply(arguments: reply.arguments).nowPlaying.rawValue) ?? "unreadable"
        }
        if case .failure(let error) = fixture.callBridge(MediaRemoteMembers.shift.name) {
            #expect(error.name == MediaRemoteNames.noPlayer)
        } else {
            Issue.record("Shift with no player succeeded")
        }
        let a = try MPV(fixture)
        let b = try MPV(fixture)
        let c = try MPV(fixture)
        a.play()
        b.play()
        // In line: B (started last), A, then C (never played).
        #expect(shift(MediaRemoteMembers.shift.name) == a.name)
        #expect(fixture.nowPlaying == a.name)
        #expect(fixture.send("togglePlayPause") == "\(a.name) /org/mpris/MediaPlayer2")
        #expect(fixture.wait { a.status == "Paused" && fixture.players.contains("\(a.name) Paused true") })
        #expect(b.status == "Playing")
        // In line now: B (playing), A (paused last), C.
        #expect(shift(MediaRemoteMembers.shift.name) == c.name)
        #expect(shift(MediaRemoteMembers.shift.name) == b.name)
        #expect(shift(MediaRemoteMembers.unshift.name) == c.name)
        fixture.wait(timeout: .milliseconds(1200)) { false }
        #expect(fixture.nowPlaying == c.name, "a choice holds while B plays on")
        a.play()
        #expect(fixture.wait { fixture.nowPlaying == a.name }, "A starting ends the choice")
    }

    @Test("shake action shuffle: an unhandled shake's end toggles the Now Playing mpv's Shuffle; a second shake toggles it back")
    func shakeShuffles() throws {
        let fixture = try ServiceFixture(arguments: ["--shake-action", "shuffle"])
        let player = try MPV(fixture)
        player.play()
        #expect(fixture.wait { fixture.nowPlaying == player.name })
        guard case .boolean(let before)? = player.playerProperty("Shuffle") else {
            Issue.record("mpv-mpris has no boolean Shuffle")
            return
        }
        _ = fixture.callBridge(MediaRemoteMembers.simulateMotion.name, [.string("shake")])
        #expect(fixture.wait { player.playerProperty("Shuffle") == .boolean(!before) })
        _ = fixture.callBridge(MediaRemoteMembers.simulateMotion.name, [.string("shake")])
        #expect(fixture.wait { player.playerProperty("Shuffle") == .boolean(before) })
    }

    @Test("pause A, play B: toggle reaches B; kill B: Now Playing falls back to A")
    func toggleFollowsTheLastToPlay() throws {
        let fixture = try ServiceFixture()
        let a = try MPV(fixture)
        let b = try MPV(fixture)
        a.play()
        a.pause()
        b.play()
        #expect(fixture.nowPlaying == b.name)
        #expect(fixture.send("togglePlayPause") == "\(b.name) /org/mpris/MediaPlayer2")
        #expect(fixture.wait { b.status == "Paused" })
        #expect(a.status == "Paused")
        _ = b.process.stop(signal: SIGKILL)
        #expect(fixture.wait { fixture.nowPlaying == a.name })
        #expect(fixture.send("togglePlayPause") == "\(a.name) /org/mpris/MediaPlayer2")
        #expect(fixture.wait { a.status == "Playing" })
    }

    @Test("a paused player's metadata changes do not take Now Playing")
    func metadataDoesNotSteal() throws {
        let fixture = try ServiceFixture()
        let a = try MPV(fixture)
        let b = try MPV(fixture)
        b.play()
        b.pause()
        a.play()
        a.pause()
        // Next on a paused player changes its track and metadata, not its status.
        b.command("Next")
        #expect(fixture.wait { b.title == "track2.ogg" })
        #expect(fixture.nowPlaying == a.name)
    }

    @Test("strict mode ignores players that never began receiving")
    func strict() throws {
        let fixture = try ServiceFixture(arguments: ["--mode", "strict"])
        let a = try MPV(fixture)
        a.play()
        #expect(fixture.players == ["\(a.name) Playing false"])
        #expect(fixture.send("pause") == "discarded")
        #expect(a.status == "Playing")
        #expect(fixture.wait { fixture.dispatched.last?.outcome.reason == "nobodyReceiving" })
    }

    @Test("EventDispatched reports every outcome, handled or not")
    func eventDispatched() throws {
        let fixture = try ServiceFixture()
        #expect(fixture.send("play") == "discarded")
        let a = try MPV(fixture)
        a.play()
        #expect(fixture.send("pause") == "\(a.name) /org/mpris/MediaPlayer2")
        #expect(fixture.send("beginSeekingForward") == "\(a.name) /org/mpris/MediaPlayer2")
        #expect(fixture.send("endSeekingForward") == "\(a.name) /org/mpris/MediaPlayer2")
        #expect(fixture.send("fastForward") == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(fixture.wait { fixture.dispatched.count == 4 })
        #expect(fixture.dispatched.map(\.description) == [
            "play → nobodyReceiving",
            "pause → \(a.name) /org/mpris/MediaPlayer2",
            "beginSeekingForward → \(a.name) /org/mpris/MediaPlayer2",
            "endSeekingForward → \(a.name) /org/mpris/MediaPlayer2",
        ])
        #expect(fixture.dispatched.allSatisfy { $0.type == "remoteControl" && $0.source == "api" && $0.phase == nil })
        #expect(fixture.unreadable.isEmpty, "\(fixture.unreadable)")
    }

    /// A headless Audacious on the fixture's bus with the test tracks, in a home of its own
    /// (returned, for the caller to remove).
    static func startAudacious(_ fixture: ServiceFixture) throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("mediaremote-audacious-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        _ = try fixture.spawn("/usr/bin/audacious", ["--headless"] + MPV.tracks, environment: [
            "HOME": home.path, "XDG_CONFIG_HOME": home.path, "XDG_DATA_HOME": home.path, "XDG_CACHE_HOME": home.path,
            "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": "/dev/null",
        ])
        return home
    }

    @Test("Audacious: found, followed, and toggled")
    func audacious() throws {
        let fixture = try ServiceFixture()
        let home = try Self.startAudacious(fixture)
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(fixture.wait(timeout: .seconds(20)) { fixture.players.contains { $0.hasPrefix("org.mpris.MediaPlayer2.audacious ") } })
        let before = fixture.players.first { $0.hasPrefix("org.mpris.MediaPlayer2.audacious ") } ?? ""
        #expect(fixture.send("togglePlayPause") == "org.mpris.MediaPlayer2.audacious /org/mpris/MediaPlayer2")
        #expect(fixture.wait { (fixture.players.first { $0.hasPrefix("org.mpris.MediaPlayer2.audacious ") } ?? before) != before },
                "the toggle changed its status, and MediaRemote followed: \(before) → \(fixture.players)")
    }

    @Test("playerctld and configured names (with their instances) are never players; the others still are")
    func ignored() throws {
        let fixture = try ServiceFixture(arguments: ["--ignore-player", "org.mpris.MediaPlayer2.mpv"])
        _ = try fixture.spawn("/usr/bin/playerctld", [])
        #expect(fixture.wait { (try? fixture.client.listNames().contains("org.mpris.MediaPlayer2.playerctld")) == true })
        _ = try fixture.spawn("/usr/bin/mpv", MPV.arguments)
        #expect(fixture.wait { (try? fixture.client.listNames().contains("org.mpris.MediaPlayer2.mpv")) == true })
        // A second mpv takes an instance name, which the configured name covers.
        _ = try fixture.spawn("/usr/bin/mpv", MPV.arguments)
        #expect(fixture.wait(timeout: .seconds(20)) {
            (try? fixture.client.listNames().contains { $0.rawValue.hasPrefix("org.mpris.MediaPlayer2.mpv.instance") }) == true
        })
        let home = try Self.startAudacious(fixture)
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(fixture.wait(timeout: .seconds(20)) { !fixture.players.isEmpty })
        // Audacious came last, so the mpvs were looked at before it: none of them is a player.
        #expect(fixture.players.map { $0.split(separator: " ")[0] } == ["org.mpris.MediaPlayer2.audacious"])
    }

    @Test("SIGTERM in the middle of a seek: the end is delivered to the player before the service exits 0")
    func stopMidSeek() throws {
        let fixture = try ServiceFixture()
        let player = try MPV(fixture)
        #expect(fixture.send("beginSeekingForward") == "\(player.name) /org/mpris/MediaPlayer2")
        let result = fixture.daemon.stop()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(fixture.wait { fixture.dispatched.contains { $0.subtype == "endSeekingForward" } }, "\(fixture.dispatched)")
        let end = fixture.dispatched.first { $0.subtype == "endSeekingForward" }
        #expect(end?.outcome.handledBy?.busName.rawValue == player.name, "\(fixture.dispatched)")
        #expect(result.stderr.contains("stopping: delivering endSeekingForward"), "\(result.stderr)")
    }

    @Test("the log: players and Now Playing at info, each handled event only with --verbose", arguments: [false, true])
    func log(verbose: Bool) throws {
        let fixture = try ServiceFixture(arguments: verbose ? ["--verbose"] : [])
        let player = try MPV(fixture)
        #expect(fixture.send("nextTrack") == "\(player.name) /org/mpris/MediaPlayer2")
        let log = fixture.daemon.stop().stderr
        #expect(log.contains("mediaremoted: player \(player.name) appeared"), "\(log)")
        #expect(log.contains("mediaremoted: Now Playing: \(player.name)\n"), "\(log)")
        #expect(log.contains("nextTrack from api: handled by \(player.name)") == verbose, "\(log)")
    }

    @Test("a held seek repeats Seek(+5 s) until it ends")
    func heldSeek() throws {
        let fixture = try ServiceFixture()
        let a = try MPV(fixture)
        a.play()
        a.pause()
        func position() -> Int64 { if case .int64(let microseconds)? = a.playerProperty("Position") { microseconds } else { -1 } }
        let start = position()
        #expect(fixture.send("beginSeekingForward") == "\(a.name) /org/mpris/MediaPlayer2")
        // Seeks every 500 ms while held: after about 1.2 s, at least three steps of 5 s.
        #expect(fixture.wait { position() >= start + 15_000_000 }, "position \(position()) from \(start)")
        #expect(fixture.send("endSeekingForward") == "\(a.name) /org/mpris/MediaPlayer2")
        let ended = position()
        fixture.wait(timeout: .milliseconds(1200)) { false }
        #expect(position() < ended + 5_000_000, "it went on seeking after the end: \(ended) → \(position())")
    }
}
