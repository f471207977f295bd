import ArgumentParser
import Bridge
import DBusTypes
import Foundation
import Testing
import TestSupport

@testable import MediaRemoteCtl

/// What a playerctl user does first: what is playing (`status`), following it (`status
/// --follow`), and choosing another player (`shift`, `unshift`), against real mpv players.
@Suite("mediaremotectl status, status --follow, shift and unshift", .serialized)
struct CtlNowPlayingTests {
    static func ctl(_ fixture: ServiceFixture, _ arguments: [String]) throws -> ProcessResult {
        try Subprocess.run(DaemonTests.ctl, arguments, environment: fixture.bus.environment)
    }

    @Test("they parse", arguments: [
        (["status", "--follow"], true), (["status", "-f", "--json"], true), (["status"], false),
    ])
    func parsing(_ arguments: [String], _ follow: Bool) throws {
        #expect((try MediaRemoteCommand.parseAsRoot(arguments) as? Status)?.follow == follow)
        #expect(try MediaRemoteCommand.parseAsRoot(["shift"]) is ShiftCommand)
        #expect((try MediaRemoteCommand.parseAsRoot(["unshift", "--json"]) as? UnshiftCommand)?.json == true)
        #expect(throws: (any Error).self) { try MediaRemoteCommand.parseAsRoot(["shift", "2"]) }
    }

    @Test("status shows the Now Playing track, why it is Now Playing, and the same as JSON")
    func status() throws {
        let fixture = try ServiceFixture()
        let none = try Self.ctl(fixture, ["status", "--json"])
        #expect(none.stdout.contains(#""now_playing":null,"now_playing_reason":null,"track":null,"#), "\(none.stdout)")
        let a = try MPV(fixture)
        a.play()
        let text = try Self.ctl(fixture, ["status"]).stdout
        #expect(text.contains("Now Playing:     \(a.name) (playing)\n"), "\(text)")
        // mpv names the track by its file; the sine has no artist; 60 s long.
        #expect(text.contains("Track:           Playing  track1.ogg  0:0"), "\(text)")
        #expect(text.contains(" / 1:00\n"), "\(text)")
        let json = try Self.ctl(fixture, ["status", "--json"]).stdout
        #expect(json.contains(#""now_playing_reason":"playing","track":{"player":"\#(a.name)","status":"Playing","title":"track1.ogg","artists":[],"album":null,"position_us":"#), "\(json)")
        #expect(json.contains(#""length_us":60000000}"#), "\(json)")
    }

    @Test("status --follow: a line now, then one at each change of status, track or Now Playing; none when the service goes")
    func follow() throws {
        let fixture = try ServiceFixture()
        let a = try MPV(fixture)
        let b = try MPV(fixture)
        a.play()
        let follow = try fixture.spawn(DaemonTests.ctl, ["status", "--follow"])
        /// The next line that `matches`, skipping those in between (a player may send its
        /// metadata in two steps: the title, then the length once known).
        func next(_ matches: (String) -> Bool) -> String? {
            while let line = follow.readLine() {
                if matches(line) { return line }
            }
            return nil
        }
        let first = follow.readLine()
        #expect(first?.hasPrefix("Playing  track1.ogg  0:0") == true)
        // Once the track is whole (its length known), its position moving prints nothing.
        if first?.contains(" / 1:00  (") != true {
            #expect(next { $0.hasPrefix("Playing  track1.ogg  ") && $0.contains(" / 1:00  (") } != nil)
        }
        #expect(follow.readLine(timeout: .seconds(2)) == nil, "a line while only the position moved")
        a.pause()
        #expect(next { $0.hasPrefix("Paused  track1.ogg  ") && $0.hasSuffix("  (\(a.name))") } != nil)
        a.command("Next")
        #expect(next { $0.hasPrefix("Paused  track2.ogg  ") } != nil)
        b.play()
        #expect(next { $0.hasPrefix("Playing  track1.ogg  ") && $0.hasSuffix("  (\(b.name))") } != nil)
        _ = fixture.daemon.stop()
        #expect(next { $0 == "none" } != nil)
        let json = try fixture.spawn(DaemonTests.ctl, ["status", "--follow", "--json"])
        #expect(json.readLine() == "null")
    }

    @Test("shift and unshift choose Now Playing, print it, and say so when there is no player")
    func shift() throws {
        let fixture = try ServiceFixture()
        let nobody = try Self.ctl(fixture, ["shift"])
        #expect(nobody.status == ExitStatus.failure.rawValue)
        #expect(nobody.stderr == "mediaremotectl: no receiving app has a player; there is nothing to move Now Playing to\n")
        let a = try MPV(fixture)
        let b = try MPV(fixture)
        a.play()
        b.play()
        #expect(try Self.ctl(fixture, ["shift"]).stdout == "Now Playing: \(a.name)\n")
        #expect(fixture.nowPlaying == a.name)
        let status = try Self.ctl(fixture, ["status"]).stdout
        #expect(status.contains("Now Playing:     \(a.name) (chosen by a person (shift or unshift), until another player starts to play)\n"), "\(status)")
        #expect(try Self.ctl(fixture, ["unshift", "--json"]).stdout == #"{"now_playing":"\#(b.name)"}"# + "\n")
        #expect(fixture.send("togglePlayPause") == "\(b.name) /org/mpris/MediaPlayer2")
    }
}
