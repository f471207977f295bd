import DBusTypes
import MediaRemoteAPI
import Testing
import Time

@testable import Core

@Suite("Rule 2: Now Playing")
struct NowPlayingTests {
    @Test(
        "who is Now Playing after a transcript",
        arguments: [
            ("nothing on the bus", [], nil),
            ("one paused player, never seen playing", [.appear(A, .paused)], A),
            ("two players playing: the one that started most recently", [
                .appear(A, .paused), .appear(B, .paused), .status(A, .playing), .status(B, .playing),
            ], B),
            ("and again when the first restarts", [
                .appear(A, .paused), .appear(B, .paused), .status(A, .playing), .status(B, .playing),
                .status(A, .paused), .status(A, .playing),
            ], A),
            ("a paused player changing metadata or capabilities does not move Now Playing", [
                .appear(A, .paused), .appear(B, .paused), .status(A, .playing), .status(A, .paused),
                .capabilities(B, [.control, .play]), .status(B, .paused),
            ], A),
            ("a player appearing paused does not steal Now Playing", [
                .appear(A, .paused), .status(A, .playing), .appear(B, .paused),
            ], A),
            ("a player launched already playing started to play as it appeared: it is Now Playing", [
                .appear(A, .paused), .status(A, .playing), .appear(B, .playing),
            ], B),
            ("a player launched paused or stopped moves nothing", [
                .appear(A, .paused), .status(A, .playing), .status(A, .paused), .appear(B, .paused), .appear(C, .stopped),
            ], A),
            ("a player found playing at start-up does not take it from one seen starting", [
                .appear(A, .paused), .status(A, .playing), .found(B, .playing),
            ], A),
            ("nor from one found playing before it: found players tie, and arrival decides", [
                .found(A, .playing), .found(B, .playing),
            ], A),
            ("a player appearing playing is Now Playing when nobody else plays", [
                .appear(A, .paused), .appear(B, .playing),
            ], B),
            ("when nobody plays, the one that played most recently", [
                .appear(A, .paused), .appear(B, .paused), .status(B, .playing), .status(A, .playing),
                .status(A, .paused), .status(B, .paused),
            ], B),
            ("a brief Stopped while changing track keeps Now Playing", [
                .appear(A, .paused), .appear(B, .paused), .status(B, .playing), .status(A, .playing),
                .status(A, .stopped), .wait(milliseconds: 150),
            ], A),
            ("a track change is not a new start: the most recent starter keeps Now Playing", [
                .appear(A, .paused), .appear(B, .paused), .status(A, .playing), .status(B, .playing),
                .status(A, .stopped), .wait(milliseconds: 190), .status(A, .playing),
            ], B),
            ("a Stopped longer than the grace ends it", [
                .appear(A, .paused), .appear(B, .paused), .status(B, .playing), .status(A, .playing),
                .status(A, .stopped), .wait(milliseconds: 1500),
            ], B),
            ("playing again after a long Stopped is a new start", [
                .appear(A, .paused), .appear(B, .paused), .status(A, .playing), .status(B, .playing),
                .status(A, .stopped), .wait(milliseconds: 1500), .status(A, .playing),
            ], A),
            ("a first responder that never played gets nothing while another receiving app has played", [
                .appear(A, .paused), .status(A, .playing), .status(A, .paused), .begin(C), .push(C, "/c"),
            ], A),
            ("a first responder's app is Now Playing while nobody has played", [
                .appear(A, .paused), .begin(C), .push(C, "/c"),
            ], C),
            ("an app that leaves gives Now Playing back to the next most recent", [
                .appear(A, .paused), .appear(B, .paused), .status(A, .playing), .status(B, .playing), .leave(B),
            ], A),
            ("a player that leaves the bus while its app stays", [
                .appear(A, .paused), .appear(B, .paused), .status(A, .playing), .status(A, .paused),
                .status(B, .playing), .vanish(B),
            ], A),
            ("receiving apps with no player, no play and no first responder: nobody", [.begin(C)], nil),
        ] as [(String, [Step], AppID?)])
    func compat(_ name: String, _ steps: [Step], _ expected: AppID?) {
        let transcript = Transcript(steps)
        #expect(transcript.nowPlaying == expected, "\(name)")
    }

    @Test(
        "strict mode: only apps that began receiving",
        arguments: [
            ("a plain MPRIS player playing is not receiving", [.appear(A, .playing), .status(A, .playing)], nil),
            ("once it begins, it is", [.appear(A, .paused), .status(A, .playing), .begin(A)], A),
            ("a registered player wins over a playing unregistered one", [
                .appear(A, .paused), .appear(B, .paused), .begin(A), .status(A, .playing), .status(A, .paused),
                .status(B, .playing),
            ], A),
            ("ending receiving takes it away", [.appear(A, .paused), .begin(A), .status(A, .playing), .end(A)], nil),
        ] as [(String, [Step], AppID?)])
    func strict(_ name: String, _ steps: [Step], _ expected: AppID?) {
        let transcript = Transcript(mode: .strict, steps)
        #expect(transcript.nowPlaying == expected, "\(name)")
    }

    @Test(
        "player priority decides only where the rules leave a choice",
        arguments: [
            ("nobody played yet: the preferred player, not the first to arrive", [.appear(A, .paused), .appear(B, .paused)], B),
            ("a listed name stands for its instances", [.appear(A, .paused), .appear(":1.B.instance42", .paused)], ":1.B.instance42"),
            ("both appeared playing (a tie): the preferred one", [.appear(A, .playing), .appear(B, .playing)], B),
            ("a player that starts playing still wins, preferred or not", [
                .appear(A, .paused), .appear(B, .paused), .status(A, .playing),
            ], A),
            ("and the one that played most recently still wins when nobody plays", [
                .appear(A, .paused), .appear(B, .paused), .status(B, .playing), .status(A, .playing),
                .status(B, .paused), .status(A, .paused),
            ], A),
        ] as [(String, [Step], AppID?)])
    func priority(_ name: String, _ steps: [Step], _ expected: AppID?) {
        var registry = Registry()
        registry.playerPriority = ["org.mpris.MediaPlayer2.B", "org.mpris.MediaPlayer2.C"]
        let transcript = Transcript(registry: registry, steps)
        #expect(transcript.nowPlaying == expected, "\(name)")
    }

    /// A and B play, B started last.
    static let bothPlaying: [Step] = [.appear(A, .paused), .appear(B, .paused), .status(A, .playing), .status(B, .playing)]

    @Test(
        "a player paused by a remote-control event stays Now Playing until another starts to play",
        arguments: [
            ("paused by play/pause: it stays, though A plays", bothPlaying + [.remote(.togglePlayPause), .status(B, .paused)], B),
            ("by pause, and by stop", bothPlaying + [.remote(.pause), .status(B, .paused)], B),
            ("by stop, past the track-change grace", bothPlaying + [.remote(.stop), .status(B, .stopped), .wait(milliseconds: 1500)], B),
            ("play/pause twice resumes it", bothPlaying + [.remote(.togglePlayPause), .status(B, .paused), .remote(.togglePlayPause), .status(B, .playing)], B),
            ("and stays with it however often it is pressed", bothPlaying + [
                .remote(.togglePlayPause), .status(B, .paused), .remote(.togglePlayPause), .status(B, .playing),
                .remote(.togglePlayPause), .status(B, .paused),
            ], B),
            ("another player starting ends it", bothPlaying + [
                .appear(C, .paused), .remote(.togglePlayPause), .status(B, .paused), .status(C, .playing),
            ], C),
            ("A pausing and playing again is a start: it ends it", bothPlaying + [
                .remote(.togglePlayPause), .status(B, .paused), .status(A, .paused), .status(A, .playing),
            ], A),
            ("A merely going on playing, changing track, does not", bothPlaying + [
                .remote(.togglePlayPause), .status(B, .paused), .status(A, .stopped), .wait(milliseconds: 200), .status(A, .playing),
            ], B),
            ("a pause of its own, with no event, moves Now Playing as before", bothPlaying + [.status(B, .paused)], A),
            ("a pause long after the event is its own", bothPlaying + [.remote(.togglePlayPause), .wait(milliseconds: 1500), .status(B, .paused)], A),
            ("an event every link declined paused nothing", bothPlaying + [.remote(.togglePlayPause, handled: false), .status(B, .paused)], A),
            ("next is not a pause", bothPlaying + [.remote(.nextTrack), .status(B, .paused)], A),
            ("the paused player leaving gives Now Playing back", bothPlaying + [.remote(.pause), .status(B, .paused), .leave(B)], A),
            ("its player vanishing too", bothPlaying + [.remote(.pause), .status(B, .paused), .vanish(B)], A),
        ] as [(String, [Step], AppID?)])
    func pausedByRemoteControl(_ name: String, _ steps: [Step], _ expected: AppID?) {
        #expect(Transcript(steps).nowPlaying == expected, "\(name)")
    }

    @Test("a shake whose action is play/pause pauses the Now Playing player as a key would: it stays Now Playing")
    func shakeActionPauses() {
        var transcript = Transcript(shakeAction: .togglePlayPause, Self.bothPlaying + [.push(X, "/x")])
        let (outcome, _) = transcript.shake(.ended, answers: [.declined, .handled])
        #expect(outcome.description.contains("shake action togglePlayPause"), "\(outcome)")
        transcript.apply(.status(B, .paused))
        #expect(transcript.nowPlaying == B)
        // A responder handling the shake leaves the action undone: B's own pause is its own.
        var handled = Transcript(shakeAction: .togglePlayPause, Self.bothPlaying + [.push(X, "/x")])
        _ = handled.shake(.ended, answers: [.handled])
        handled.apply(.status(B, .paused))
        #expect(handled.nowPlaying == A)
    }

    @Test("a pause that got no answer and comes late, within the window, still pins")
    func latePause() {
        var transcript = Transcript(Self.bothPlaying)
        _ = transcript.send(.togglePlayPause, answers: [.noAnswer])
        transcript.apply(.answers(B))
        transcript.apply([.wait(milliseconds: 400), .status(B, .paused)])
        #expect(transcript.nowPlaying == B)
    }

    @Test("in strict mode, a player that does not receive starting to play ends no pin")
    func strictStartKeepsPin() {
        let transcript = Transcript(mode: .strict, [
            .appear(A, .paused), .appear(B, .paused), .begin(A), .begin(B), .status(A, .playing), .status(B, .playing),
            .remote(.pause), .status(B, .paused), .appear(P, .paused), .status(P, .playing),
        ])
        #expect(transcript.nowPlaying == B)
    }

    @Test("a pin ends when its app stops receiving by a change of mode, as it does when the app ends receiving")
    func modeEndsPin() {
        var transcript = Transcript(Self.bothPlaying + [.remote(.pause), .status(B, .paused)])
        #expect(transcript.registry.pin?.app == B)
        transcript.dispatcher.registry.mode = .strict
        #expect(transcript.registry.pin == nil)
        transcript.dispatcher.registry.mode = .compat
        #expect(transcript.registry.pin == nil, "a pin ended stays ended")
        #expect(transcript.nowPlaying == A)
        // An app that began receiving keeps its pin through the change.
        var began = Transcript(Self.bothPlaying + [.begin(B), .remote(.pause), .status(B, .paused)])
        began.dispatcher.registry.mode = .strict
        #expect(began.registry.pin?.app == B)
    }

    @Test("a pause answered after its app stopped receiving pins nothing: Now Playing stays with an app that receives")
    func pauseAfterEndReceiving() {
        let transcript = Transcript(mode: .strict, [
            .appear(A, .paused), .appear(B, .paused), .begin(A), .begin(B), .status(A, .playing), .status(B, .playing),
            .remote(.pause), .end(B), .status(B, .paused),
        ])
        #expect(transcript.registry.pin == nil)
        #expect(transcript.nowPlaying == A)
        // The mode changing while the pause is on its way does the same.
        var changed = Transcript(Self.bothPlaying + [.remote(.pause)])
        changed.dispatcher.registry.mode = .strict
        changed.apply(.status(B, .paused))
        #expect(changed.registry.pin == nil)
    }

    @Test("stopped, then paused, then stopped again within the grace: not a track change (it left Stopped)")
    func stoppedPausedStopped() {
        let transcript = Transcript([
            .appear(A, .paused), .appear(B, .paused), .status(B, .playing), .status(A, .playing), .status(B, .stopped),
            .wait(milliseconds: 100), .status(B, .paused), .wait(milliseconds: 100), .status(B, .stopped),
        ])
        #expect(transcript.registry.graceEnds(after: transcript.now) == nil)
        #expect(transcript.registry.nowPlayingReason(for: B, at: transcript.now).contains("changing track") == false)
    }

    @Test("stopped, then paused, then playing within the grace: a new start, not a track change")
    func stoppedPausedPlaying() {
        let transcript = Transcript([
            .appear(A, .paused), .appear(B, .paused), .status(B, .playing), .status(A, .playing), .status(B, .stopped),
            .wait(milliseconds: 100), .status(B, .paused), .wait(milliseconds: 100), .status(B, .playing),
        ])
        #expect(transcript.nowPlaying == B)
        let changingTrack = Transcript([
            .appear(A, .paused), .appear(B, .paused), .status(B, .playing), .status(A, .playing), .status(B, .stopped),
            .wait(milliseconds: 200), .status(B, .playing),
        ])
        #expect(changingTrack.nowPlaying == A)
    }

    @Test("a stopped player resumed within the track-change grace is said to be playing, not paused")
    func resumedWithinGrace() {
        let transcript = Transcript(Self.bothPlaying + [.remote(.stop), .status(B, .stopped), .wait(milliseconds: 200), .status(B, .playing)])
        #expect(transcript.nowPlaying == B)
        #expect(transcript.registry.nowPlayingReason(for: B, at: transcript.now) == "Now Playing: playing")
    }

    @Test("the player's pause may come before its answer to the event, or after")
    func pauseBeforeAnswer() {
        var transcript = Transcript(Self.bothPlaying)
        var dispatch = transcript.dispatcher.dispatch(.remoteControl(.togglePlayPause, at: transcript.now, from: .key), at: transcript.now)
        guard case .deliver(let link) = dispatch.start() else {
            Issue.record("delivered nowhere")
            return
        }
        #expect(link.address == "player B")
        transcript.apply(.status(B, .paused))
        _ = dispatch.answer(.handled)
        transcript.dispatcher.finished(dispatch, at: transcript.now)
        #expect(transcript.nowPlaying == B)
    }

    @Test(
        "shift and unshift walk the players in line, around the ends, and hold until another starts to play",
        arguments: [
            // In line: B (started last), A (started first), C (never played).
            ("shift: the next in line", [.shift(1)], A),
            ("shift twice", [.shift(1), .shift(1)], C),
            ("shift past the end comes around", [.shift(1), .shift(1), .shift(1)], B),
            ("unshift from the first: the last", [.shift(-1)], C),
            ("shift then unshift: back", [.shift(1), .shift(-1)], B),
            ("a choice holds while others go on playing", [.shift(1), .shift(1), .wait(milliseconds: 5000)], C),
            ("another player starting ends it", [.shift(1), .shift(1), .status(A, .paused), .status(A, .playing)], A),
            ("the chosen one starting keeps it, by the rule", [.shift(1), .shift(1), .status(C, .playing)], C),
        ] as [(String, [Step], AppID?)])
    func shift(_ name: String, _ steps: [Step], _ expected: AppID?) {
        let transcript = Transcript(Self.bothPlaying + [.appear(C, .paused)] + steps)
        #expect(transcript.nowPlaying == expected, "\(name)")
    }

    @Test("a choice made while a pause is on its way wins over it")
    func choiceAfterPause() {
        var transcript = Transcript(Self.bothPlaying + [.appear(C, .paused)])
        var dispatch = transcript.dispatcher.dispatch(.remoteControl(.pause, at: transcript.now, from: .key), at: transcript.now)
        _ = dispatch.start()
        _ = dispatch.answer(.handled)
        transcript.dispatcher.finished(dispatch, at: transcript.now)
        transcript.apply([.shift(1), .shift(1), .status(B, .paused)])
        #expect(transcript.nowPlaying == C)
    }

    @Test("the line: playing by latest start, then played by latest stop, then the rest by priority and arrival")
    func line() {
        var registry = Registry()
        registry.playerPriority = ["org.mpris.MediaPlayer2.E"]
        let transcript = Transcript(registry: registry, [
            .appear(A, .paused), .appear(B, .paused), .appear(C, .paused), .appear(D, .paused), .appear(E, .paused),
            .status(A, .playing), .status(B, .playing), .status(C, .playing), .status(C, .paused), .begin(X),
        ])
        #expect(transcript.registry.playersInLine(at: transcript.now) == [B, A, C, E, D])
        #expect(transcript.nowPlaying == B)
    }

    @Test("shift with no player receiving changes nothing")
    func shiftNobody() {
        var transcript = Transcript([.begin(X)])
        #expect(transcript.dispatcher.registry.shift(by: 1, at: transcript.now) == nil)
        #expect(transcript.registry.pin == nil)
        var strict = Transcript(mode: .strict, [.appear(A, .playing)])
        #expect(strict.dispatcher.registry.shift(by: -1, at: strict.now) == nil)
    }

    @Test("reasons name the pin, for the pinned app and for a playing one it outranks")
    func pinReasons() {
        let paused = Transcript(Self.bothPlaying + [.remote(.pause), .status(B, .paused)])
        #expect(paused.registry.nowPlayingReason(for: B, at: paused.now)
                == "Now Playing: paused or stopped by a remote-control event, until another player starts to play")
        #expect(paused.registry.nowPlayingReason(for: A, at: paused.now)
                == "playing, but the app paused or stopped by a remote-control event since it started stays Now Playing")
        let chosen = Transcript(Self.bothPlaying + [.shift(1)])
        #expect(chosen.registry.nowPlayingReason(for: A, at: chosen.now) == "Now Playing: chosen by a person (shift or unshift), until another player starts to play")
        #expect(chosen.registry.nowPlayingReason(for: B, at: chosen.now) == "playing, but a person chose another player (shift or unshift) since it started")
    }

    @Test("the grace's end is announced, so the shell can recompute Now Playing without an event")
    func graceEnds() {
        var transcript = Transcript([.appear(A, .paused), .status(A, .playing), .status(A, .stopped)])
        let stoppedAt = transcript.now
        #expect(transcript.registry.graceEnds(after: transcript.now) == stoppedAt + transcript.registry.trackChangeGrace + .microseconds(1))
        transcript.apply(.wait(milliseconds: 2000))
        #expect(transcript.registry.graceEnds(after: transcript.now) == nil)
    }

    @Test("reasons say why an app is or is not Now Playing")
    func reasons() {
        let transcript = Transcript([
            .appear(A, .paused), .appear(B, .paused), .status(A, .playing), .status(B, .playing),
        ])
        #expect(transcript.registry.nowPlayingReason(for: B, at: transcript.now) == "Now Playing: playing")
        #expect(transcript.registry.nowPlayingReason(for: A, at: transcript.now)
                == "playing, but another app started playing more recently")
        let strict = Transcript(mode: .strict, [.appear(A, .playing)])
        #expect(strict.registry.nowPlayingReason(for: A, at: strict.now)
                == "not receiving: strict mode and it never called BeginReceivingRemoteControlEvents")
    }

    @Test("why Now Playing, when nobody has played: a player found on the bus is said to be found so; priority says it decided")
    func idleReasons() {
        let found = Transcript([.found(A, .paused), .found(B, .stopped)])
        #expect(found.registry.whyNowPlaying(at: found.now) == "found paused when MediaRemote started, and nobody has played since")
        let appeared = Transcript([.appear(A, .paused), .appear(B, .paused)])
        #expect(appeared.registry.whyNowPlaying(at: appeared.now) == "nobody has played yet")
        var registry = Registry()
        registry.playerPriority = ["org.mpris.MediaPlayer2.B"]
        let preferred = Transcript(registry: registry, [.found(A, .paused), .found(B, .stopped)])
        #expect(preferred.nowPlaying == B)
        #expect(preferred.registry.whyNowPlaying(at: preferred.now)
            == "found stopped when MediaRemote started, and nobody has played since; players.priority puts it first")
    }
}
