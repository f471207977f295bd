import MediaRemoteAPI
import Testing
import Time

@testable import Core

/// Rule 2 where the audio server shows who is heard (a player's sound as facts with times).
@Suite("Rule 2: Now Playing as a person hears it")
struct AudibilityTests {
    @Test(
        "who is Now Playing when the audio server says who is heard",
        arguments: [
            ("a phantom (says Playing, never heard) started after an audible player does not take Now Playing", [
                .appear(A, .playing), .sound(A, .audible), .appear(B, .playing), .sound(B, .silent),
            ], A),
            ("the same without an audio server (nobody can tell): what players say, as before", [
                .appear(A, .playing), .appear(B, .playing),
            ], B),
            ("a player whose sound nobody could match (unknown) is judged by what it says", [
                .appear(A, .playing), .sound(A, .audible), .appear(B, .playing), .sound(B, .unknown),
            ], B),
            ("the phantom takes Now Playing when the audible one stops", [
                .appear(A, .playing), .sound(A, .audible), .appear(B, .playing), .sound(B, .silent),
                .status(A, .paused), .sound(A, .silent),
            ], B),
            ("with nobody audible, a silent player is judged by what it says", [
                .appear(A, .playing), .sound(A, .silent), .appear(B, .playing), .sound(B, .silent),
            ], B),
            ("nor is one beside a player nobody could match (unknown, so nobody is heard): the silent later one", [
                .appear(A, .playing), .sound(A, .unknown), .appear(B, .playing), .sound(B, .silent),
            ], B),
            ("a player that says Playing first and is heard later: becoming audible is its start", [
                .appear(A, .playing), .sound(A, .audible), .appear(B, .playing), .sound(B, .silent),
                .wait(milliseconds: 300), .sound(B, .audible),
            ], B),
            ("muted: Now Playing goes back to the other audible one after the silence time", [
                .appear(A, .playing), .sound(A, .audible), .appear(B, .playing), .sound(B, .audible),
                .sound(B, .silent), .wait(milliseconds: 2000),
            ], A),
            ("but not before: a gap between tracks keeps it", [
                .appear(A, .playing), .sound(A, .audible), .appear(B, .playing), .sound(B, .audible),
                .sound(B, .silent), .wait(milliseconds: 1500),
            ], B),
            ("heard again within the silence time is not a new start", [
                .appear(A, .playing), .sound(A, .audible), .appear(B, .playing), .sound(B, .audible),
                .sound(A, .silent), .sound(A, .audible),
            ], B),
            ("heard again after a silence is a start", [
                .appear(A, .playing), .sound(A, .audible), .appear(B, .playing), .sound(B, .audible),
                .sound(A, .silent), .wait(milliseconds: 2500), .sound(A, .audible),
            ], A),
            ("a gap between the heard player's tracks: the phantom does not flicker in", [
                .appear(A, .playing), .sound(A, .audible), .appear(B, .playing), .sound(B, .silent),
                .sound(A, .silent), .wait(milliseconds: 500),
            ], A),
            ("nor while it changes track (a short Stopped)", [
                .appear(A, .playing), .sound(A, .audible), .appear(B, .playing), .sound(B, .silent),
                .status(A, .stopped), .sound(A, .silent), .wait(milliseconds: 300),
            ], A),
            ("learning that a player is audible (unknown before: the audio server just found) is no start", [
                .appear(A, .playing), .appear(B, .playing), .sound(B, .audible), .sound(A, .audible),
            ], B),
            ("a paused player that becomes audible has not started to play", [
                .appear(A, .playing), .sound(A, .audible), .appear(B, .paused), .sound(B, .audible),
            ], A),
            ("a pause's pin ends at any start, a silent one's too: with nobody audible the rule is what players say", [
                .appear(A, .playing), .sound(A, .audible), .remote(.pause), .status(A, .paused), .sound(A, .silent),
                .appear(B, .playing), .sound(B, .silent),
            ], B),
        ] as [(String, [Step], AppID?)]
    )
    func nowPlaying(_ name: String, _ steps: [Step], _ expected: AppID?) {
        let transcript = Transcript(steps)
        #expect(transcript.nowPlaying == expected, "\(name)")
    }

    /// Passed by for not answering, a heard player still shows someone is heard: the silent one
    /// that started later gives way to one nobody could match, as if the heard one answered.
    @Test("a heard player that does not answer still makes a silent one give way")
    func heardButNotAnswering() {
        var transcript = Transcript([
            .appear(C, .playing), .appear(A, .playing), .sound(A, .audible), .appear(B, .playing), .sound(B, .silent),
        ])
        transcript.dispatcher.registry.didNotAnswer(A, at: transcript.now)
        #expect(transcript.nowPlaying == C)
    }

    @Test("a pause's pin holds when a player's sound comes back after a silence (its start is no person's choice)")
    func pinHolds() {
        let transcript = Transcript([
            .appear(A, .playing), .sound(A, .audible), .appear(B, .playing), .sound(B, .audible),
            .remote(.pause), .status(B, .paused), .sound(B, .silent),
            .sound(A, .silent), .wait(milliseconds: 2500), .sound(A, .audible),
        ])
        #expect(transcript.nowPlaying == B)
        #expect(transcript.registry.pin?.app == B)
    }

    @Test("the silence time's end is a moment Now Playing may move, for the shell's timer")
    func silenceEndsIsADeadline() {
        var transcript = Transcript([
            .appear(A, .playing), .sound(A, .audible), .appear(B, .playing), .sound(B, .audible), .sound(B, .silent),
        ])
        let muted = transcript.now
        #expect(transcript.registry.graceEnds(after: muted) == muted + transcript.registry.silenceTime)
        #expect(transcript.nowPlaying == B)
        transcript.apply(.wait(milliseconds: 2000))
        #expect(transcript.nowPlaying == A)
        #expect(transcript.registry.graceEnds(after: transcript.now) == nil)
    }

    @Test("status says when audibility decided, and players says why the silent one is not Now Playing")
    func reasons() {
        let transcript = Transcript([.appear(A, .playing), .sound(A, .audible), .appear(B, .playing), .sound(B, .silent)])
        #expect(transcript.registry.whyNowPlaying(at: transcript.now) == "playing, and heard; \(B.playerName) started later and says Playing, but is silent")
        #expect(transcript.registry.nowPlayingReason(for: B, at: transcript.now) == "says Playing, but no sound of its is heard while another player's is")
        #expect(transcript.registry.playersInLine(at: transcript.now) == [A, B])
    }

    @Test("while Now Playing, muted, still counts as heard, status says so: silent for how long, and who it gives way to when")
    func fading() {
        var transcript = Transcript([.appear(B, .playing), .sound(B, .audible), .appear(A, .playing), .sound(A, .audible)])
        #expect(transcript.nowPlaying == A)
        transcript.apply([.sound(A, .silent), .wait(milliseconds: 1200)])
        #expect(transcript.nowPlaying == A)
        #expect(transcript.registry.whyNowPlaying(at: transcript.now)
            == "playing, but silent for 1.2 s: gives way to \(B.playerName) in 0.8 s unless heard again")
        transcript.apply(.wait(milliseconds: 800))
        #expect(transcript.nowPlaying == B)
        // With nobody else heard, it stays, and says only how long it has been silent.
        var alone = Transcript([.appear(A, .playing), .sound(A, .audible), .sound(A, .silent), .wait(milliseconds: 500)])
        #expect(alone.registry.whyNowPlaying(at: alone.now) == "playing, but silent for 0.5 s; nobody else is heard")
        alone.apply(.wait(milliseconds: 2000))
        #expect(alone.registry.whyNowPlaying(at: alone.now) == "playing")
    }
}
