import Testing

@testable import Core

@Suite("Rule 2: Now Playing")
struct NowPlayingTests {
    @Test(
        "who is Now Playing after a transcript",
        arguments: [
            ("nothing on the bus", [], nil),
            ("one paused player, never seen playing", [.appear("A", .paused)], "A"),
            ("two players playing: the one that started most recently", [
                .appear("A", .paused), .appear("B", .paused), .status("A", .playing), .status("B", .playing),
            ], "B"),
            ("and again when the first restarts", [
                .appear("A", .paused), .appear("B", .paused), .status("A", .playing), .status("B", .playing),
                .status("A", .paused), .status("A", .playing),
            ], "A"),
            ("a paused player changing metadata or capabilities does not move Now Playing", [
                .appear("A", .paused), .appear("B", .paused), .status("A", .playing), .status("A", .paused),
                .capabilities("B", [.control, .play]), .status("B", .paused),
            ], "A"),
            ("a player appearing paused does not steal Now Playing", [
                .appear("A", .paused), .status("A", .playing), .appear("B", .paused),
            ], "A"),
            ("a player appearing already playing does not steal it from one seen starting", [
                .appear("A", .paused), .status("A", .playing), .appear("B", .playing),
            ], "A"),
            ("a player appearing playing is Now Playing when nobody else plays", [
                .appear("A", .paused), .appear("B", .playing),
            ], "B"),
            ("when nobody plays, the one that played most recently", [
                .appear("A", .paused), .appear("B", .paused), .status("B", .playing), .status("A", .playing),
                .status("A", .paused), .status("B", .paused),
            ], "B"),
            ("a brief Stopped while changing track keeps Now Playing", [
                .appear("A", .paused), .appear("B", .paused), .status("B", .playing), .status("A", .playing),
                .status("A", .stopped), .wait(milliseconds: 150),
            ], "A"),
            ("a track change is not a new start: the most recent starter keeps Now Playing", [
                .appear("A", .paused), .appear("B", .paused), .status("A", .playing), .status("B", .playing),
                .status("A", .stopped), .wait(milliseconds: 190), .status("A", .playing),
            ], "B"),
            ("a Stopped longer than the grace ends it", [
                .appear("A", .paused), .appear("B", .paused), .status("B", .playing), .status("A", .playing),
                .status("A", .stopped), .wait(milliseconds: 1500),
            ], "B"),
            ("playing again after a long Stopped is a new start", [
                .appear("A", .paused), .appear("B", .paused), .status("A", .playing), .status("B", .playing),
                .status("A", .stopped), .wait(milliseconds: 1500), .status("A", .playing),
            ], "A"),
            ("a first responder that never played gets nothing while another receiving app has played", [
                .appear("A", .paused), .status("A", .playing), .status("A", .paused), .begin("C"), .push("C", "/c"),
            ], "A"),
            ("a first responder's app is Now Playing while nobody has played", [
                .appear("A", .paused), .begin("C"), .push("C", "/c"),
            ], "C"),
            ("an app that leaves gives Now Playing back to the next most recent", [
                .appear("A", .paused), .appear("B", .paused), .status("A", .playing), .status("B", .playing), .leave("B"),
            ], "A"),
            ("a player that leaves the bus while its app stays", [
                .appear("A", .paused), .appear("B", .paused), .status("A", .playing), .status("A", .paused),
                .status("B", .playing), .vanish("B"),
            ], "A"),
            ("receiving apps with no player, no play and no first responder: nobody", [.begin("C")], nil),
        ] as [(String, [Step], AppID?)])
    func compat(_ name: String, _ steps: [Step], _ expected: AppID?) {
        let transcript = Transcript(steps)
        #expect(transcript.nowPlaying == expected, "\(name)")
    }

    @Test(
        "strict mode: only apps that began receiving",
        arguments: [
            ("a plain MPRIS player playing is not receiving", [.appear("A", .playing), .status("A", .playing)], nil),
            ("once it begins, it is", [.appear("A", .paused), .status("A", .playing), .begin("A")], "A"),
            ("a registered player wins over a playing unregistered one", [
                .appear("A", .paused), .appear("B", .paused), .begin("A"), .status("A", .playing), .status("A", .paused),
                .status("B", .playing),
            ], "A"),
            ("ending receiving takes it away", [.appear("A", .paused), .begin("A"), .status("A", .playing), .end("A")], nil),
        ] as [(String, [Step], AppID?)])
    func strict(_ name: String, _ steps: [Step], _ expected: AppID?) {
        let transcript = Transcript(mode: .strict, steps)
        #expect(transcript.nowPlaying == expected, "\(name)")
    }

    @Test(
        "player priority decides only where the rules leave a choice",
        arguments: [
            ("nobody played yet: the preferred player, not the first to arrive", [.appear("A", .paused), .appear("B", .paused)], "B"),
            ("a listed name stands for its instances", [.appear("A", .paused), .appear("B.instance42", .paused)], "B.instance42"),
            ("both appeared playing (a tie): the preferred one", [.appear("A", .playing), .appear("B", .playing)], "B"),
            ("a player that starts playing still wins, preferred or not", [
                .appear("A", .paused), .appear("B", .paused), .status("A", .playing),
            ], "A"),
            ("and the one that played most recently still wins when nobody plays", [
                .appear("A", .paused), .appear("B", .paused), .status("B", .playing), .status("A", .playing),
                .status("B", .paused), .status("A", .paused),
            ], "A"),
        ] as [(String, [Step], AppID?)])
    func priority(_ name: String, _ steps: [Step], _ expected: AppID?) {
        var registry = Registry()
        registry.playerPriority = ["org.mpris.MediaPlayer2.B", "org.mpris.MediaPlayer2.C"]
        let transcript = Transcript(registry: registry, steps)
        #expect(transcript.nowPlaying == expected, "\(name)")
    }

    @Test("the grace's end is announced, so the shell can recompute Now Playing without an event")
    func graceEnds() {
        var transcript = Transcript([.appear("A", .paused), .status("A", .playing), .status("A", .stopped)])
        let stoppedAt = transcript.now
        #expect(transcript.registry.graceEnds(after: transcript.now) == stoppedAt + transcript.registry.trackChangeGrace + 1)
        transcript.apply(.wait(milliseconds: 2000))
        #expect(transcript.registry.graceEnds(after: transcript.now) == nil)
    }

    @Test("reasons say why an app is or is not Now Playing")
    func reasons() {
        let transcript = Transcript([
            .appear("A", .paused), .appear("B", .paused), .status("A", .playing), .status("B", .playing),
        ])
        #expect(transcript.registry.nowPlayingReason(for: "B", at: transcript.now) == "Now Playing: playing")
        #expect(transcript.registry.nowPlayingReason(for: "A", at: transcript.now)
                == "playing, but another app started playing more recently")
        let strict = Transcript(mode: .strict, [.appear("A", .playing)])
        #expect(strict.registry.nowPlayingReason(for: "A", at: strict.now)
                == "not receiving: strict mode and it never called BeginReceivingRemoteControlEvents")
    }
}
