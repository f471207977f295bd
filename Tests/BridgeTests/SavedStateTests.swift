import Core
import DBusTypes
import Foundation
import Testing
import Time

@testable import Bridge

/// The state file's text: what one service writes, the next reads back whole; anything else is
/// refused whole, with the reason.
@Suite("The saved state's text")
struct SavedStateTests {
    static let state = SavedState(
        busID: "3f1c0b9f5e3a4d7e8c2b6a1f0e9d8c7b", savedAt: MonotonicInstant(microseconds: 81_234_567_890),
        memory: RulesMemory(
            players: [
                .init(app: ":1.42", busName: "org.mpris.MediaPlayer2.mpv.instance77", status: .paused,
                      arrivedAt: MonotonicInstant(microseconds: 81_000_000_000), lastStartedPlaying: MonotonicInstant(microseconds: 81_100_000_000),
                      lastPlayed: MonotonicInstant(microseconds: 81_200_000_000), stoppedAfterPlaying: false),
                .init(app: ":1.7", busName: "org.mpris.MediaPlayer2.vlc", status: .stopped,
                      arrivedAt: MonotonicInstant(microseconds: 5), lastStartedPlaying: nil, lastPlayed: nil, stoppedAfterPlaying: true),
            ],
            pin: NowPlayingPin(app: ":1.42", reason: .pausedByRemoteControl)))

    @Test("what is written reads back the same")
    func roundTrip() throws {
        #expect(try SavedState(text: Self.state.text) == Self.state)
        let empty = SavedState(busID: "b", savedAt: .zero, memory: RulesMemory(players: [], pin: nil))
        #expect(try SavedState(text: empty.text) == empty)
    }

    @Test("a person can read it: a record a line")
    func readable() {
        #expect(Self.state.text == """
            mediaremote-state 1
            bus 3f1c0b9f5e3a4d7e8c2b6a1f0e9d8c7b
            saved 81234567890
            player :1.42 org.mpris.MediaPlayer2.mpv.instance77 Paused arrived=81000000000 started=81100000000 played=81200000000 track-change=no
            player :1.7 org.mpris.MediaPlayer2.vlc Stopped arrived=5 started=- played=- track-change=yes
            pin :1.42 pausedByRemoteControl
            end

            """)
    }

    static var good: String { state.text }

    @Test(
        "anything else is unreadable, whole, and says why",
        arguments: [
            ("empty", "", "not a MediaRemote state file"),
            ("another program's file", "[General]\nfoo=1\n", "not a MediaRemote state file"),
            ("binary garbage", "\u{1}\u{2}\u{3}mediaremote", "not a MediaRemote state file"),
            ("another version of the format", good.replacingFirst("mediaremote-state 1", "mediaremote-state 2"),
             "written in version 2 of the format, and this mediaremoted reads version 1"),
            ("no version", "mediaremote-state\n", "line 1: not `mediaremote-state VERSION`"),
            ("cut short mid-line", String(good.dropLast(14)), "cut short"),
            ("cut short between lines", good.replacingFirst("pin :1.42 pausedByRemoteControl\nend\n", ""), "cut short"),
            ("cut short after the header", "mediaremote-state 1\nbus 3f1c\nend\n", "names no bus, or no time"),
            ("an empty line", good.replacingFirst("\npin", "\n\npin"), "line 6: an empty line"),
            ("a time after the save", good.replacingFirst("arrived=5", "arrived=81234567891"), "a player's time is after the time it was saved"),
            ("a time that is not one", good.replacingFirst("saved 81234567890", "saved soon"), "line 3: not a time: soon"),
            ("a negative time", good.replacingFirst("arrived=5", "arrived=-5"), "line 5: not a time: -5"),
            ("a time past the clock", good.replacingFirst("arrived=5", "arrived=99999999999999999999999"), "line 5: not a time"),
            ("a well-known name where the connection goes", good.replacingFirst("player :1.7", "player org.example.App"),
             "line 5: not a connection's unique name: org.example.App"),
            ("a unique name where the player's name goes", good.replacingFirst("org.mpris.MediaPlayer2.vlc", ":1.9"),
             "line 5: not a player's name: :1.9"),
            ("no such status", good.replacingFirst("Stopped", "Sleeping"), "line 5: not a playback status: Sleeping"),
            ("a field missing", good.replacingFirst(" track-change=yes", " colour=yes"), "line 5: a player without"),
            ("a field twice", good.replacingFirst("started=-", "arrived=5"), "line 5: not a field: arrived=5"),
            ("no such pin", good.replacingFirst("pausedByRemoteControl", "glued"), "line 6: no such pin: glued"),
            ("a record it does not know", good.replacingFirst("\nend\n", "\nvolume 11\nend\n"), "line 7: not a record of the state"),
            ("two buses", good.replacingFirst("\nend\n", "\nbus abc\nend\n"), "line 7: not a record of the state (or one twice)"),
            ("a player twice", good.replacingFirst("\nend\n", "\n" + good.split(separator: "\n")[3] + "\nend\n"), "a player listed twice"),
        ] as [(String, String, String)])
    func unreadable(_ what: String, text: String, reason: String) {
        #expect {
            try SavedState(text: text)
        } throws: { error in
            (error as? SavedState.Unreadable)?.description.contains(reason) == true
        }
    }

    @Test("more players than a session has is not a state of ours")
    func tooMany() {
        var text = "mediaremote-state 1\nbus b\nsaved 1\n"
        for number in 0...SavedState.mostPlayers {
            text += "player :1.\(number) org.mpris.MediaPlayer2.p\(number) Paused arrived=1 started=- played=- track-change=no\n"
        }
        text += "end\n"
        #expect(throws: SavedState.Unreadable(line: 4 + SavedState.mostPlayers, "more than \(SavedState.mostPlayers) players")) {
            try SavedState(text: text)
        }
    }
}

extension String {
    /// The text with the first `target` replaced (the test fails to mean anything if it is absent).
    func replacingFirst(_ target: String, _ replacement: String) -> String {
        guard let range = range(of: target) else { return self + "\u{0}absent: \(target)" }
        return replacingCharacters(in: range, with: replacement)
    }
}
