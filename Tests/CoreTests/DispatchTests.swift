import DBusTypes
import MediaRemoteAPI
import Testing
import Time

@testable import Core

@Suite("Dispatch: the chain, declining, outcomes")
struct DispatchTests {
    static let playing: [Step] = [.appear(A, .paused), .status(A, .playing)]

    @Test("the chain: the Now Playing app's responders, first responder first, then its player")
    func chain() {
        var transcript = Transcript(Self.playing + [.push(A, "/one"), .push(B, "/other"), .push(A, "/two")])
        let (outcome, delivered) = transcript.send(.nextTrack, answers: [.declined, .declined, .handled])
        #expect(delivered.map(\.address) == ["responder A /two", "responder A /one", "player A"])
        #expect(outcome.description == "handled by player org.mpris.MediaPlayer2.A (:1.A)")
    }

    @Test(
        "how dispatches end",
        arguments: [
            ("handled by the first responder", [.handled], "responder A /r"),
            ("declined, then handled by the player", [.declined, .handled], "player A"),
            ("declined by all", [.declined, .declined], "declined"),
            // Sent, and it may still act: never passed on, so one press never acts twice.
            ("the first responder did not answer: the player is not asked", [.noAnswer, .handled], "no answer from responder A /r"),
            ("declined, then the player did not answer", [.declined, .noAnswer], "no answer from player A"),
        ] as [(String, [Dispatch.Answer], String)])
    func outcomes(_ name: String, _ answers: [Dispatch.Answer], _ expected: String) {
        var transcript = Transcript(Self.playing + [.push(A, "/r")])
        let (outcome, delivered) = transcript.send(.togglePlayPause, answers: answers)
        #expect(delivered.count == answers.count || answers.first == .noAnswer && delivered.count == 1, "\(name)")
        switch outcome {
        case .handled(let link): #expect(link.address.hasSuffix(expected) || link.address == expected, "\(name)")
        case .unanswered(let link): #expect("no answer from \(link.address)" == expected, "\(name)")
        case .discarded(let reason): #expect(reason.rawValue == expected, "\(name)")
        }
    }

    @Test(
        "a player that cannot do it declines without being asked",
        arguments: [
            (RemoteControlSubtype.nextTrack, PlayerCapabilities([.control, .play, .pause]), false),
            (.nextTrack, .all.subtracting(.control), false),
            (.previousTrack, [.control, .goPrevious], true),
            (.play, [.control, .pause], false),
            (.pause, [.control, .pause], true),
            (.togglePlayPause, [.control, .pause], true),
            (.togglePlayPause, [.control], false),
            (.stop, [.control], true),
            (.beginSeekingForward, [.control, .play], false),
            (.beginSeekingBackward, [.control, .seek], true),
        ] as [(RemoteControlSubtype, PlayerCapabilities, Bool)])
    func capabilities(_ subtype: RemoteControlSubtype, _ capabilities: PlayerCapabilities, _ asked: Bool) {
        var transcript = Transcript([.appear(A, .paused, capabilities), .status(A, .playing)])
        let (outcome, delivered) = transcript.send(subtype)
        #expect(delivered.isEmpty == !asked)
        #expect((outcome == .discarded(.declined)) == !asked)
    }

    @Test(
        "why an event goes nowhere",
        arguments: [
            ("nothing on the bus", Mode.compat, [], DiscardReason.nobodyReceiving),
            ("strict mode, nobody began", .strict, [.appear(A, .playing)], .nobodyReceiving),
            ("receiving, but no Now Playing app", .compat, [.begin(C)], .noNowPlayingApp),
            ("the Now Playing app has no player and its responders decline", .compat, [.begin(C), .push(C, "/c")], .declined),
        ] as [(String, Mode, [Step], DiscardReason)])
    func discarded(_ name: String, _ mode: Mode, _ steps: [Step], _ reason: DiscardReason) {
        var transcript = Transcript(mode: mode, steps)
        #expect(transcript.send(.play, answers: [.declined]).outcome == .discarded(reason), "\(name)")
    }

    @Test("the end of a seek with no seek in progress goes nowhere, and says so", arguments: [
        RemoteControlSubtype.endSeekingForward, .endSeekingBackward,
    ])
    func endWithoutSeek(_ end: RemoteControlSubtype) {
        var transcript = Transcript(Self.playing)
        #expect(transcript.send(end) == (.discarded(.noSeekInProgress), []))
        // Nor once the seek ended, nor for a seek the other way.
        let begin = end == .endSeekingForward ? RemoteControlSubtype.beginSeekingForward : .beginSeekingBackward
        let other = end == .endSeekingForward ? RemoteControlSubtype.endSeekingBackward : .endSeekingForward
        _ = transcript.send(begin)
        #expect(transcript.send(other).outcome == .discarded(.noSeekInProgress))
        #expect(transcript.send(end).delivered.map(\.address) == ["player A"])
        #expect(transcript.send(end).outcome == .discarded(.noSeekInProgress))
    }

    @Test("nothing is delivered twice: every link at most once, and nothing after it is handled")
    func once() {
        var transcript = Transcript(Self.playing + [.push(A, "/r"), .push(A, "/s")])
        let (_, delivered) = transcript.send(.play, answers: [.handled, .handled])
        #expect(delivered.count == 1)
    }

    @Test("the end of a seek goes where its beginning was handled, even after Now Playing moved")
    func seekPairing() {
        var transcript = Transcript(Self.playing + [.appear(B, .paused)])
        #expect(transcript.send(.beginSeekingForward).delivered.map(\.address) == ["player A"])
        transcript.apply([.status(A, .paused), .status(B, .playing)])
        #expect(transcript.nowPlaying == B)
        #expect(transcript.send(.endSeekingForward).delivered.map(\.address) == ["player A"])
        // Once ended, the next seek follows Now Playing again.
        #expect(transcript.send(.beginSeekingForward).delivered.map(\.address) == ["player B"])
    }

    @Test("a seek begun the other way ends the one held first, where it began: one player never seeks both ways")
    func oppositeSeek() {
        var transcript = Transcript(Self.playing)
        #expect(transcript.dispatcher.seekEndsBefore(Event.remoteControl(.beginSeekingBackward, at: transcript.now, from: .key)).isEmpty)
        _ = transcript.send(.remoteControl(.beginSeekingForward), from: .api)
        #expect(transcript.dispatcher.seeksInProgress.first?.deadline != nil)
        // Begun again the same way: held on, nothing to end.
        #expect(transcript.dispatcher.seekEndsBefore(Event.remoteControl(.beginSeekingForward, at: transcript.now, from: .key)).isEmpty)
        let backward = Event.remoteControl(.beginSeekingBackward, at: transcript.now, from: .headset)
        let ends = transcript.dispatcher.seekEndsBefore(backward)
        #expect(ends.map(\.kind) == [.remoteControl(.endSeekingForward)] && ends.first?.source == .headset)
        // Marked as ending: a call's deadline no longer sends it again.
        #expect(transcript.dispatcher.seeksInProgress.first?.deadline == nil)
        #expect(transcript.send(.endSeekingForward).delivered.map(\.address) == ["player A"])
        _ = transcript.send(.beginSeekingBackward)
        #expect(transcript.dispatcher.seeksInProgress.map(\.direction) == [.beginSeekingBackward])
    }

    @Test("before stopping: every seek in progress ends and a shake in progress is cancelled; nothing else")
    func endingsBeforeStopping() {
        var transcript = Transcript(Self.playing + [.push(A, "/a")])
        #expect(transcript.dispatcher.endingsBeforeStopping(at: transcript.now).isEmpty)
        _ = transcript.send(.beginSeekingForward)
        _ = transcript.send(.beginSeekingBackward)
        _ = transcript.shake(.began, from: .accelerometer, answers: [.handled])
        let endings = transcript.dispatcher.endingsBeforeStopping(at: transcript.now)
        #expect(endings.map(\.kind) == [.remoteControl(.endSeekingBackward), .remoteControl(.endSeekingForward), .motion(.cancelled)])
        #expect(endings.last?.source == .accelerometer)
        // Once they are delivered, nothing is left.
        for event in endings { _ = transcript.send(event.kind, from: event.source, answers: [.handled]) }
        #expect(transcript.dispatcher.endingsBeforeStopping(at: transcript.now).isEmpty)
    }

    @Test("a seek begun by a call ends by itself 10 s after its last begin, where it began; one a key holds does not")
    func seekBound() {
        var transcript = Transcript(Self.playing + [.appear(B, .paused)])
        #expect(transcript.dispatcher.nextSeekDeadline == nil)
        _ = transcript.send(.remoteControl(.beginSeekingForward), from: .api)
        let began = transcript.now
        #expect(transcript.dispatcher.seeksInProgress.map(\.source) == [.api])
        #expect(transcript.dispatcher.nextSeekDeadline == began + .seconds(10))
        #expect(transcript.dispatcher.takeSeekEndsDue(at: began + .seconds(10) - .microseconds(1)).isEmpty)
        // Now Playing moves; the begin sent again 4 s in holds the seek on where it is, 10 s
        // from then.
        transcript.apply([.status(A, .paused), .status(B, .playing), .wait(milliseconds: 4000)])
        #expect(transcript.nowPlaying == B)
        #expect(transcript.send(.remoteControl(.beginSeekingForward), from: .api).delivered.map(\.address) == ["player A"])
        #expect(transcript.dispatcher.nextSeekDeadline == transcript.now + .seconds(10))
        let again = transcript.now
        let due = transcript.dispatcher.takeSeekEndsDue(at: again + .seconds(10))
        #expect(due.map(\.kind) == [.remoteControl(.endSeekingForward)])
        // Its end on its way (a responder slow to answer): not due again, no deadline.
        #expect(transcript.dispatcher.nextSeekDeadline == nil)
        #expect(transcript.dispatcher.takeSeekEndsDue(at: again + .seconds(20)).isEmpty)
        // Delivered where it began; then nothing is held.
        for event in due { #expect(transcript.send(event.kind, from: event.source).delivered.map(\.address) == ["player A"]) }
        #expect(transcript.dispatcher.seeksInProgress.isEmpty && transcript.dispatcher.nextSeekDeadline == nil)
        // A key's seek: its end comes with its release or its device going away.
        _ = transcript.send(.remoteControl(.beginSeekingBackward), from: .key)
        #expect(transcript.dispatcher.seeksInProgress.map(\.source) == [.key])
        #expect(transcript.dispatcher.nextSeekDeadline == nil)
        #expect(transcript.dispatcher.takeSeekEndsDue(at: transcript.now + .seconds(3600)).isEmpty)
    }

    @Test("a seek whose handler left ended with it: its end goes to nobody else")
    func seekHandlerLeft() {
        var transcript = Transcript(Self.playing + [.appear(B, .paused)])
        _ = transcript.send(.beginSeekingBackward)
        transcript.apply(.leave(A))
        #expect(transcript.send(.endSeekingBackward) == (.discarded(.noSeekInProgress), []))
    }

    @Test("an event's type, subtype and phase follow from its kind, and it describes itself with them")
    func eventKinds() {
        let next = Event.remoteControl(.nextTrack, at: instant(1500), from: .key)
        #expect(next.type == .remoteControl && next.subtype == .remoteControl(.nextTrack))
        #expect(next.remoteControlSubtype == .nextTrack && next.phase == nil)
        #expect(next.description == "remoteControl nextTrack from key at 1500 µs")
        let shake = Event.motion(.began, at: instant(42), from: .accelerometer)
        #expect(shake.type == .motion && shake.subtype == .shake)
        #expect(shake.remoteControlSubtype == nil && shake.phase == .began)
        #expect(shake.description == "motion shake began from accelerometer at 42 µs")
    }
}

@Suite("Rule 4: motion events")
struct MotionDispatchTests {
    @Test("a shake goes to the first responder, up its app's chain, with no Now Playing condition")
    func toFirstResponder() {
        var transcript = Transcript([.appear(A, .paused), .status(A, .playing), .push(X, "/x1"), .push(X, "/x2")])
        let (outcome, delivered) = transcript.shake(.began, answers: [.declined, .handled])
        #expect(delivered.map(\.address) == ["responder X /x2", "responder X /x1"])
        #expect(outcome == .handled(responder(X, "/x1")))
    }

    @Test("no first responder, no shake action: discarded; the end says no action is set, which is why it does nothing")
    func noFirstResponder() {
        var transcript = Transcript([.appear(A, .playing)])
        #expect(transcript.shake(.began).outcome == .discarded(.noFirstResponder))
        #expect(transcript.shake(.ended).outcome == .discarded(.noShakeAction))
        #expect(DiscardReason.noShakeAction.explanation == "no responder is first responder, and no shake action is set (shake.action)")
        // An action set, but no player to act on: that is the reason, not a missing action.
        var noPlayer = Transcript(shakeAction: .nextTrack)
        #expect(noPlayer.shake(.ended).outcome == .discarded(.noPlayerForShakeAction))
    }

    @Test("an unhandled shake's end reaches MediaRemote, which applies the shake action to Now Playing")
    func shakeAction() {
        var transcript = Transcript(shakeAction: .nextTrack, [.appear(A, .paused), .status(A, .playing), .push(X, "/x")])
        #expect(transcript.shake(.began, answers: [.declined]).outcome == .discarded(.declined))
        let (outcome, delivered) = transcript.shake(.ended, answers: [.declined, .handled])
        #expect(delivered.map(\.address) == ["responder X /x", "shake action nextTrack on A"])
        #expect(outcome.description == "handled by shake action nextTrack on org.mpris.MediaPlayer2.A (:1.A)")
    }

    @Test("cancel goes to whoever handled the beginning; with none, it is discarded")
    func cancel() {
        var transcript = Transcript([.push(X, "/x"), .push(Y, "/y")])
        _ = transcript.shake(.began, answers: [.handled])
        #expect(transcript.shake(.cancelled).delivered.map(\.address) == ["responder Y /y"])
        _ = transcript.shake(.began, answers: [.declined])
        #expect(transcript.shake(.cancelled).outcome == .discarded(.notStarted))
    }

    @Test("a first responder that changes mid-shake asks for a cancel; a stable one does not")
    func cancelOnChange() {
        var transcript = Transcript([.push(X, "/x")])
        let before = transcript.registry.firstResponder
        _ = transcript.shake(.began, answers: [.handled])
        #expect(transcript.dispatcher.cancellationNeeded(firstResponderBefore: before, at: transcript.now) == nil)
        transcript.apply(.push(Y, "/y"))
        let cancel = transcript.dispatcher.cancellationNeeded(firstResponderBefore: before, at: transcript.now)
        #expect(cancel?.phase == .cancelled)
        #expect(cancel?.source == .simulated)
        _ = transcript.shake(.cancelled)
        #expect(transcript.dispatcher.shakeSource == nil)
    }

    @Test("a detected shake is cancelled when the last motion claim goes; a simulated one is not")
    func cancelOnLastClaim() throws {
        var transcript = Transcript([.push(X, "/x")])
        try transcript.dispatcher.registry.claimMotion(X, at: transcript.now)
        try transcript.dispatcher.registry.claimMotion(X, at: transcript.now)
        _ = transcript.shake(.began, from: .accelerometer, answers: [.handled])
        let responder = transcript.registry.firstResponder
        let first = transcript.release(X)
        #expect(first)
        #expect(transcript.dispatcher.cancellationNeeded(firstResponderBefore: responder, motionWantedBefore: true, at: transcript.now) == nil)
        let last = transcript.release(X)
        #expect(last)
        let cancel = transcript.dispatcher.cancellationNeeded(firstResponderBefore: responder, motionWantedBefore: true, at: transcript.now)
        #expect(cancel?.phase == .cancelled && cancel?.source == .accelerometer)

        var simulated = Transcript([.push(X, "/x")])
        try simulated.dispatcher.registry.claimMotion(X, at: simulated.now)
        _ = simulated.shake(.began, answers: [.handled])
        let released = simulated.release(X)
        #expect(released)
        #expect(simulated.dispatcher.cancellationNeeded(firstResponderBefore: simulated.registry.firstResponder, motionWantedBefore: true, at: simulated.now) == nil)
    }

    @Test("a shake action set is a standing claim: the sensors stay open with no app's claim, and its last claim going cancels nothing")
    func shakeActionClaims() throws {
        var transcript = Transcript(shakeAction: .nextTrack, [.push(X, "/x")])
        #expect(transcript.dispatcher.wantsMotion && !transcript.registry.isMotionClaimed)
        try transcript.dispatcher.registry.claimMotion(X, at: transcript.now)
        _ = transcript.shake(.began, from: .accelerometer, answers: [.handled])
        let responder = transcript.registry.firstResponder
        _ = transcript.release(X)
        #expect(transcript.dispatcher.wantsMotion)
        #expect(transcript.dispatcher.cancellationNeeded(firstResponderBefore: responder, motionWantedBefore: true, at: transcript.now) == nil)
        // `none` set: nobody wants motion any more, and the shake under way is cancelled.
        transcript.dispatcher.shakeAction = .none
        #expect(!transcript.dispatcher.wantsMotion)
        let cancel = transcript.dispatcher.cancellationNeeded(firstResponderBefore: responder, motionWantedBefore: true, at: transcript.now)
        #expect(cancel?.phase == .cancelled && cancel?.source == .accelerometer)
    }

    @Test("shake actions: each goes to Now Playing when the shake ends; shuffle needs CanControl; none adds nothing")
    func shakeActions() {
        for action in ShakeAction.allCases where action != .none {
            var transcript = Transcript(shakeAction: action, [.appear(A, .playing)])
            let (outcome, delivered) = transcript.shake(.ended, answers: [.handled])
            #expect(delivered.map(\.address) == ["shake action \(action) on A"])
            #expect(outcome.description.hasPrefix("handled by shake action \(action)"))
        }
        var none = Transcript([.appear(A, .playing)])
        let unhandled = none.shake(.ended).outcome
        #expect(unhandled == .discarded(.noShakeAction))
        #expect(ShakeAction.shuffle.allowed(by: [.control]))
        #expect(!ShakeAction.shuffle.allowed(by: [.play, .pause]))
        #expect(!ShakeAction.nextTrack.allowed(by: [.control]))
        #expect(ShakeAction.togglePlayPause.allowed(by: [.control, .pause]))
    }
}
