import DBusTypes
import MediaRemoteAPI
import Testing
import Time

@testable import Core

/// Play resumes the last player, even after it has quit (issue 37): which events launch, which
/// player, what a second play does, and how the launch ends, on the virtual clock.
@Suite("Resumption: a play with nobody to receive it launches the last player")
struct ResumptionTests {
    /// Audacious (A) played and quit: nobody is on the bus.
    static let audaciousQuit: [Step] = [.appear(A, .paused), .describe(A, desktopEntry: "audacious"), .status(A, .playing),
                                        .status(A, .paused), .leave(A)]

    static func launch(_ step: Dispatch.Step) -> Resumption.Launch? {
        if case .launch(let launch) = step { return launch }
        return nil
    }

    @Test("play/pause launches the last player by its desktop entry; when its player comes, the event goes to it")
    func launchesAndPlays() {
        var transcript = Transcript(Self.audaciousQuit)
        let step = transcript.start(.togglePlayPause, from: .headset)
        guard let launch = Self.launch(step) else { Issue.record("launched nothing: \(step)"); return }
        #expect(launch.desktopEntry == "audacious" && launch.player.name == "Audacious" && launch.player.busName == A.playerName)
        #expect(launch.deadline == launch.since + .seconds(20) && transcript.dispatcher.launchDeadline == launch.deadline)
        // Launched, Audacious connects again (a new connection), its player not read yet, and
        // able to pause but not to play: not ready.
        transcript.apply(.appear(Y, .stopped, [.control, .pause]))
        #expect(!transcript.dispatcher.resumeReady)
        transcript.apply([.describe(Y, desktopEntry: "audacious"), .capabilities(Y, .all)])
        #expect(transcript.dispatcher.resumeReady)
        guard let resumed = transcript.dispatcher.takeResumed(at: transcript.now) else { Issue.record("not resumed"); return }
        // As a play: a toggle to a player that begins to resume by itself would pause it.
        #expect(resumed.event.remoteControlSubtype == .play && resumed.event.source == .headset)
        // Just started, it has longer to answer its first call.
        #expect(resumed.resumes == Y)
        let (outcome, delivered) = transcript.run(resumed)
        #expect(delivered.map(\.address) == ["player Y"])
        #expect(outcome.description.hasPrefix("handled by"))
        #expect(transcript.dispatcher.resumption.launch == nil && transcript.dispatcher.launchDeadline == nil)
    }

    @Test("a player that plays by itself as it starts: the event is handled by it, and nothing is sent")
    func resumesByItself() {
        var transcript = Transcript(Self.audaciousQuit)
        #expect(Self.launch(transcript.start(.play)) != nil)
        transcript.apply([.appear(Y, .playing), .describe(Y, desktopEntry: "audacious")])
        guard let resumed = transcript.dispatcher.takeResumed(at: transcript.now) else { Issue.record("not resumed"); return }
        var running = resumed
        #expect(running.start() == .finished(.handled(player(Y).withStatus(.playing))))
    }

    @Test("a second play while the launch is under way launches nothing more: discarded, the first goes to the player")
    func secondPlay() {
        var transcript = Transcript(Self.audaciousQuit)
        #expect(Self.launch(transcript.start(.play)) != nil)
        #expect(transcript.start(.togglePlayPause) == .finished(.discarded(.launchUnderway)))
        #expect(transcript.start(.play) == .finished(.discarded(.launchUnderway)))
        #expect(transcript.dispatcher.resumption.launch?.event.remoteControlSubtype == .play)
    }

    @Test("pause, stop, next, previous and seeks launch nothing; neither does a shake", arguments: [
        RemoteControlSubtype.pause, .stop, .nextTrack, .previousTrack, .beginSeekingForward, .beginSeekingBackward,
    ])
    func onlyPlay(_ subtype: RemoteControlSubtype) {
        var transcript = Transcript(Self.audaciousQuit)
        #expect(transcript.start(subtype) == .finished(.discarded(.nobodyReceiving)))
        #expect(transcript.shake(.began).outcome == .discarded(.noFirstResponder))
        #expect(transcript.shake(.ended).outcome == .discarded(.noShakeAction))
        #expect(transcript.dispatcher.resumption.launch == nil)
    }

    @Test("nothing launched: a last player with no desktop entry, an ignored one, resumption off, or none yet; each says why")
    func nothingLaunched() {
        // mpv (B, no desktop entry) played after Audacious: it is the last player.
        var mpvLast = Transcript(Self.audaciousQuit + [.appear(B, .paused), .describe(B, desktopEntry: nil), .status(B, .playing), .leave(B)])
        #expect(mpvLast.start(.play) == .finished(.discarded(.nobodyReceiving)))
        #expect(mpvLast.dispatcher.resumption.whyNothingLaunched == "org.mpris.MediaPlayer2.B, the last player, names no desktop entry to launch it by")
        var ignored = Transcript(Self.audaciousQuit)
        ignored.dispatcher.resumption.ignored = ["org.mpris.MediaPlayer2"]
        #expect(ignored.start(.play) == .finished(.discarded(.nobodyReceiving)))
        #expect(ignored.dispatcher.resumption.whyNothingLaunched == "Audacious, the last player, is ignored")
        var off = Transcript(Self.audaciousQuit)
        off.dispatcher.resumption.isOn = false
        #expect(off.start(.togglePlayPause) == .finished(.discarded(.nobodyReceiving)))
        #expect(off.dispatcher.resumption.whyNothingLaunched == "players.resume_last is off")
        var none = Transcript()
        #expect(none.start(.play) == .finished(.discarded(.nobodyReceiving)))
        #expect(none.dispatcher.resumption.whyNothingLaunched == "no player has played yet, so there is none to resume")
        #expect(Transcript(Self.audaciousQuit).dispatcher.resumption.whyNothingLaunched == nil)
    }

    @Test("with a player on the bus, nothing is launched: the play goes to it")
    func someoneThere() {
        var transcript = Transcript(Self.audaciousQuit + [.appear(B, .paused)])
        #expect(transcript.send(.play).delivered.map(\.address) == ["player B"])
        #expect(transcript.dispatcher.resumption.launch == nil)
    }

    @Test("no player in time, or no launch at all: the event ends discarded with the reason, and the next play launches again")
    func launchEnds() {
        var transcript = Transcript(Self.audaciousQuit)
        #expect(Self.launch(transcript.start(.play)) != nil)
        // Another player's connection, not Audacious's, that never plays: no match, and it does
        // not become the last player (Now Playing only for being there, it played nothing).
        transcript.apply([.appear(Z, .paused), .describe(Z, desktopEntry: "vlc"), .leave(Z), .wait(milliseconds: 20_000)])
        #expect(!transcript.dispatcher.resumeReady)
        guard let ended = transcript.dispatcher.endLaunch(.launchedPlayerDidNotCome) else { Issue.record("no launch to end"); return }
        #expect(transcript.run(ended).outcome == .discarded(.launchedPlayerDidNotCome))
        #expect(transcript.dispatcher.endLaunch(.launchFailed) == nil)
        #expect(Self.launch(transcript.start(.play))?.desktopEntry == "audacious")
    }

    @Test("the player remembered by a service before this one is launched, and found again by its name's base (a new instance)")
    func remembered() {
        var transcript = Transcript()
        let vlc = LastPlayer(desktopEntry: "vlc", busName: "org.mpris.MediaPlayer2.vlc.instance5", identity: "VLC media player")
        transcript.dispatcher.resumption.remember(Resumption.Memory(last: vlc))
        guard let launch = Self.launch(transcript.start(.togglePlayPause)) else { Issue.record("launched nothing"); return }
        #expect(launch.player == vlc)
        transcript.dispatcher.registry.playerAppeared(
            Y, Player(busName: "org.mpris.MediaPlayer2.vlc.instance9", status: .paused, capabilities: .all), .appeared, at: transcript.now)
        #expect(transcript.dispatcher.resumeReady)
    }

    @Test("strict mode, the last player on the bus but not receiving: nothing launched (it is there), the play discarded")
    func thereButNotReceiving() {
        var transcript = Transcript(Self.audaciousQuit)
        transcript.dispatcher.registry.mode = .strict
        transcript.apply([.appear(Y, .paused), .describe(Y, desktopEntry: "audacious")])
        #expect(transcript.start(.play) == .finished(.discarded(.nobodyReceiving)))
        #expect(transcript.dispatcher.resumption.launch == nil)
    }

    @Test("a launch whose deadline passed unended (no timer) is over: the next play launches again")
    func deadlinePassed() {
        var transcript = Transcript(Self.audaciousQuit)
        #expect(Self.launch(transcript.start(.play)) != nil)
        transcript.apply(.wait(milliseconds: 20_001))
        #expect(Self.launch(transcript.start(.play)) != nil)
    }

    /// The trial due now judged, the player with nothing to play when asked unless said otherwise.
    static func judge(_ transcript: inout Transcript, nothingToPlay: Bool = true) -> Resumption.Trial? {
        guard let due = transcript.dispatcher.trialDue(at: transcript.now) else { return nil }
        return transcript.dispatcher.judgeTrial(due, nothingToPlay: nothingToPlay)
    }

    /// Audacious launched by a play, its player come and sent the play: on trial.
    static func onTrial() -> Transcript? {
        var transcript = Transcript(Self.audaciousQuit)
        guard Self.launch(transcript.start(.togglePlayPause)) != nil else { return nil }
        transcript.apply([.appear(Y, .stopped), .describe(Y, desktopEntry: "audacious")])
        guard let resumed = transcript.dispatcher.takeResumed(at: transcript.now) else { return nil }
        _ = transcript.run(resumed)
        return transcript
    }

    @Test("a launched player still stopped 5 s after the play came back with nothing to play: closed, and never launched again")
    func cameBackEmpty() {
        guard var transcript = Self.onTrial() else { Issue.record("no trial"); return }
        let deadline = transcript.dispatcher.trialDeadline
        #expect(deadline == transcript.now + .seconds(5))
        transcript.apply(.wait(milliseconds: 4_999))
        #expect(Self.judge(&transcript) == nil && transcript.dispatcher.trialDeadline == deadline)
        transcript.apply(.wait(milliseconds: 1))
        let judged = Self.judge(&transcript)
        #expect(judged?.app == Y && judged?.busName == Y.playerName && judged?.desktopEntry == "audacious")
        #expect(transcript.dispatcher.trialDeadline == nil && transcript.dispatcher.resumption.cameBackEmpty == ["audacious"])
        // Closed, a play with nobody on the bus launches nothing, and says why; kept as memory.
        transcript.apply(.leave(Y))
        #expect(transcript.start(.play) == .finished(.discarded(.nobodyReceiving)))
        #expect(transcript.dispatcher.resumption.whyNothingLaunched
            == "Audacious, the last player, came back with nothing to play when it was launched to resume, so it is not launched again")
        #expect(transcript.dispatcher.resumption.memory?.cameBackEmpty == ["audacious"])
        var next = Transcript()
        next.dispatcher.resumption.remember(transcript.dispatcher.resumption.memory)
        #expect(next.start(.play) == .finished(.discarded(.nobodyReceiving)))
    }

    @Test("a launched player that says Playing, asked at 5 s with no track at all, came back with nothing to play (an idle mpv, some starts)")
    func playingNothing() {
        guard var transcript = Self.onTrial() else { Issue.record("no trial"); return }
        transcript.apply([.status(Y, .playing), .wait(milliseconds: 5_000)])
        #expect(Self.judge(&transcript)?.app == Y && transcript.dispatcher.resumption.cameBackEmpty == ["audacious"])
    }

    @Test("a launched player that plays something within the grace, is paused on something, or has gone passes its trial")
    func passesTrial() {
        guard var plays = Self.onTrial() else { Issue.record("no trial"); return }
        plays.apply([.status(Y, .playing), .wait(milliseconds: 5_000)])
        #expect(Self.judge(&plays, nothingToPlay: false) == nil && plays.dispatcher.trialDeadline == nil)
        // Stopped as it last said, playing something when asked (its change went unsaid): not closed.
        guard var unsaid = Self.onTrial() else { Issue.record("no trial"); return }
        unsaid.apply(.wait(milliseconds: 5_000))
        #expect(Self.judge(&unsaid, nothingToPlay: false) == nil && unsaid.dispatcher.resumption.cameBackEmpty.isEmpty)
        guard var paused = Self.onTrial() else { Issue.record("no trial"); return }
        paused.apply([.status(Y, .paused), .wait(milliseconds: 5_000)])
        #expect(Self.judge(&paused, nothingToPlay: false) == nil && paused.dispatcher.resumption.cameBackEmpty.isEmpty)
        guard var gone = Self.onTrial() else { Issue.record("no trial"); return }
        gone.apply([.leave(Y), .wait(milliseconds: 5_000)])
        #expect(Self.judge(&gone) == nil && gone.dispatcher.trialDeadline == nil)
        // Launched again, it is on trial again.
        #expect(Self.launch(gone.start(.play))?.desktopEntry == "audacious")
    }

    @Test("a player that says it plays as it starts is on trial too: mpv opened without a file says Playing, then idles")
    func trialWhenPlaying() {
        var transcript = Transcript(Self.audaciousQuit)
        #expect(Self.launch(transcript.start(.play)) != nil)
        transcript.apply([.appear(Y, .playing), .describe(Y, desktopEntry: "audacious")])
        #expect(transcript.dispatcher.takeResumed(at: transcript.now) != nil && transcript.dispatcher.trialDeadline != nil)
        transcript.apply([.status(Y, .stopped), .wait(milliseconds: 5_000)])
        #expect(Self.judge(&transcript)?.app == Y)
    }

    @Test("a play the chain does not give the launched player puts it on no trial: strict mode, where a player never receives")
    func noTrialWhenNotItsPlay() {
        var transcript = Transcript(Self.audaciousQuit)
        #expect(Self.launch(transcript.start(.play)) != nil)
        transcript.dispatcher.registry.mode = .strict
        transcript.apply([.appear(Y, .stopped), .describe(Y, desktopEntry: "audacious")])
        guard let resumed = transcript.dispatcher.takeResumed(at: transcript.now) else { Issue.record("not resumed"); return }
        #expect(transcript.run(resumed).outcome == .discarded(.nobodyReceiving))
        #expect(transcript.dispatcher.trialDeadline == nil)
    }

    @Test("a trial replaced by a newer one is not judged by the older's verdict")
    func staleTrial() {
        guard var first = Self.onTrial(), let old = first.dispatcher.trialDue(at: first.now + .seconds(5)) else { Issue.record("no trial"); return }
        first.apply([.leave(Y), .wait(milliseconds: 5_000)])
        #expect(Self.launch(first.start(.play)) != nil)
        first.apply([.appear(Z, .stopped), .describe(Z, desktopEntry: "audacious")])
        _ = first.dispatcher.takeResumed(at: first.now)
        #expect(first.dispatcher.judgeTrial(old, nothingToPlay: true) == nil && first.dispatcher.trialDeadline != nil)
    }

    @Test("the last player follows Now Playing (a player that has played), and stays when nobody is Now Playing")
    func lastFollowsNowPlaying() {
        var transcript = Transcript([.appear(A, .paused), .describe(A, desktopEntry: "audacious"), .appear(B, .paused),
                                     .describe(B, desktopEntry: "vlc"), .status(A, .playing)])
        transcript.dispatcher.noteNowPlaying(at: transcript.now)
        #expect(transcript.dispatcher.resumption.last?.desktopEntry == "audacious")
        transcript.apply(.status(B, .playing))
        transcript.dispatcher.noteNowPlaying(at: transcript.now)
        #expect(transcript.dispatcher.resumption.last?.desktopEntry == "vlc")
        transcript.apply([.leave(A), .leave(B)])
        transcript.dispatcher.noteNowPlaying(at: transcript.now)
        #expect(transcript.dispatcher.resumption.last?.desktopEntry == "vlc")
    }
}

extension Link {
    /// The link with its player's status changed, for comparing with a link planned with it.
    func withStatus(_ status: PlaybackStatus) -> Link {
        guard case .player(let app, var player) = self else { return self }
        player.status = status
        return .player(app, player)
    }
}
