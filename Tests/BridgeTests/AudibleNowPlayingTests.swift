import Foundation
import MediaRemoteAPI
import Testing
import TestSupport

/// Now Playing as a person hears it: mediaremoted with a real audio server (pipewire,
/// wireplumber, pipewire-pulse), mpv playing through it (audible), and mpv with no audio output
/// that says Playing all the same (the phantom: a browser tab playing silence, a player stuck
/// in Playing).
@Suite("Real audio server: Now Playing prefers the player that is heard", .serialized)
struct AudibleNowPlayingTests {
    /// The `players --json` entry of `player`: its sound and streams.
    static func sound(_ fixture: ServiceFixture, _ player: MPV) -> (sound: String, streams: [String])? {
        let output = (try? Subprocess.run(DaemonTests.ctl, ["players", "--json"], environment: fixture.environment))?.stdout ?? ""
        guard let players = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]],
            let entry = players.first(where: { $0["name"] as? String == player.name })
        else { return nil }
        return (entry["sound"] as? String ?? "", entry["streams"] as? [String] ?? [])
    }

    @Test("a phantom started after an audible player does not take Now Playing; a key goes to the audible one; the phantom takes it when that one stops")
    func phantom() throws {
        let fixture = try ServiceFixture(audioServer: true)
        let audible = try MPV(fixture, playing: true, output: "pipewire")
        #expect(fixture.wait { Self.sound(fixture, audible)?.sound == "audible" }, "\(String(describing: Self.sound(fixture, audible)))")
        let phantom = try MPV(fixture, playing: true)
        #expect(fixture.wait { Self.sound(fixture, phantom)?.sound == "silent" }, "\(String(describing: Self.sound(fixture, phantom)))")
        #expect(fixture.nowPlaying == audible.name)
        let reason = try fixture.describeState().nowPlayingReason ?? ""
        #expect(reason.contains("heard") && reason.contains(phantom.name), "\(reason)")
        #expect(fixture.send("nextTrack") == "\(audible.name) /org/mpris/MediaPlayer2")
        #expect(fixture.wait { audible.title == "track2.ogg" })
        #expect(phantom.title == "track1.ogg")
        // Its stream: matched by the kernel's word on its socket (a native PipeWire client).
        let streams = Self.sound(fixture, audible)?.streams ?? []
        #expect(streams.contains { $0.contains("matched by its process (socket credentials)") }, "\(streams)")

        audible.pause()
        #expect(fixture.wait { fixture.nowPlaying == phantom.name }, "\(fixture.nowPlaying ?? "nobody")")
    }

    @Test("Audacious playing through pulse is audible, matched by the process it reports; a phantom started after it does not take Now Playing")
    func audacious() throws {
        let fixture = try ServiceFixture(audioServer: true)
        // Audacious picks its PulseAudio output where a server answers (the fixture's).
        let home = try RealPlayerTests.startAudacious(fixture)
        defer { try? FileManager.default.removeItem(at: home) }
        let name = "org.mpris.MediaPlayer2.audacious"
        func audacious() -> (sound: String, streams: [String])? {
            let output = (try? Subprocess.run(DaemonTests.ctl, ["players", "--json"], environment: fixture.environment))?.stdout ?? ""
            let players = (try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]) ?? []
            guard let entry = players.first(where: { $0["name"] as? String == name }) else { return nil }
            return (entry["sound"] as? String ?? "", entry["streams"] as? [String] ?? [])
        }
        #expect(fixture.wait(timeout: .seconds(30)) { audacious()?.sound == "audible" }, "\(String(describing: audacious()))")
        #expect(audacious()?.streams.contains { $0.contains("matched by its process (reported by the application)") } == true,
                "\(String(describing: audacious()))")
        let phantom = try MPV(fixture, playing: true)
        #expect(fixture.wait { Self.sound(fixture, phantom)?.sound == "silent" })
        #expect(fixture.nowPlaying == name, "\(fixture.nowPlaying ?? "nobody")")
    }

    @Test("muting the audible player hands Now Playing to another audible one, after the silence time")
    func muted() throws {
        let fixture = try ServiceFixture(audioServer: true)
        let first = try MPV(fixture, playing: true, output: "pipewire")
        let second = try MPV(fixture, playing: true, output: "pulse")
        #expect(fixture.wait { Self.sound(fixture, first)?.sound == "audible" && Self.sound(fixture, second)?.sound == "audible" })
        #expect(fixture.nowPlaying == second.name)
        let streams = Self.sound(fixture, second)?.streams ?? []
        #expect(streams.contains { $0.contains("matched by its process (reported by the application)") }, "\(streams)")
        // The stream's index is the phrase's second word ("stream 56 …").
        let index = try #require(streams.first?.split(separator: " ").dropFirst().first.map(String.init))
        try fixture.audio?.pactl(["set-sink-input-mute", index, "1"])
        #expect(fixture.wait { Self.sound(fixture, second)?.sound == "silent" })
        // status says what players says, in its words, while the silence time runs (unless it ran out meanwhile).
        let status = try Subprocess.run(DaemonTests.ctl, ["status"], environment: fixture.environment).stdout
        #expect(status.contains("Now Playing:     \(second.name) (playing, but silent for ") && status.contains("gives way to \(first.name) in ")
            || status.contains("Now Playing:     \(first.name) "), "\(status)")
        #expect(fixture.wait(timeout: .seconds(6)) { fixture.nowPlaying == first.name }, "\(fixture.nowPlaying ?? "nobody")")
        #expect(fixture.send("togglePlayPause") == "\(first.name) /org/mpris/MediaPlayer2")
    }

    @Test("the audio server killed and back: one log line each way, what players say in between, audibility after")
    func serverComesAndGoes() throws {
        let fixture = try ServiceFixture(logToFile: true, audioServer: true)
        let audio = try #require(fixture.audio)
        func log() -> String { (try? String(contentsOf: fixture.logFile, encoding: .utf8)) ?? "" }
        func lines(_ text: String) -> Int { log().components(separatedBy: "\n").filter { $0.contains(text) }.count }
        let audible = try MPV(fixture, playing: true, output: "pulse")
        #expect(fixture.wait { Self.sound(fixture, audible)?.sound == "audible" })
        let phantom = try MPV(fixture, playing: true)
        #expect(fixture.wait { Self.sound(fixture, phantom)?.sound == "silent" })
        #expect(fixture.nowPlaying == audible.name)

        audio.stop(kill: true)
        #expect(fixture.wait { lines("audio server: lost") == 1 }, "\(log())")
        // Nobody can tell who is heard: the phantom, which started last, is Now Playing as it was before audibility.
        #expect(fixture.wait { fixture.nowPlaying == phantom.name }, "\(fixture.nowPlaying ?? "nobody")")
        #expect(Self.sound(fixture, phantom)?.sound == "unknown")

        try audio.start()
        #expect(fixture.wait(timeout: .seconds(15)) { lines("Now Playing prefers the player that is heard") == 2 }, "\(log())")
        let again = try MPV(fixture, playing: true, output: "pulse")
        #expect(fixture.wait { Self.sound(fixture, again)?.sound == "audible" }, "\(String(describing: Self.sound(fixture, again)))")
        #expect(lines("audio server: lost") == 1, "\(log())")
        #expect(lines("follows what players say") == 1, "\(log())")
    }
}
