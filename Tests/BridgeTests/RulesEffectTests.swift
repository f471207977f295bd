import Core
import DBusTypes
import MediaRemoteAPI
import Testing
import Time

@testable import Bridge

/// What a change of the rules' state asks of the daemon, and in which order: decided in one
/// place (``RulesEffect``), checked here without a bus.
@Suite("RulesEffect: a change's effects, in order")
struct RulesEffectTests {
    static let x: AppID = ":1.10"
    static let y: AppID = ":1.11"
    static let now = MonotonicInstant(microseconds: 5_000_000)

    /// A dispatcher where `x` has a responder first and a motion claim, and a shake from the
    /// accelerometer began and was handled.
    static func shaking() throws -> Dispatcher {
        var dispatcher = Dispatcher()
        try dispatcher.registry.becomeFirstResponder(ResponderAddress(app: x, path: "/x"), at: MonotonicInstant(microseconds: 1))
        try dispatcher.registry.claimMotion(x, at: MonotonicInstant(microseconds: 2))
        let began = Event.motion(.began, at: MonotonicInstant(microseconds: 3), from: .accelerometer)
        var dispatch = dispatcher.dispatch(began, at: began.timestamp)
        _ = dispatch.start()
        _ = dispatch.answer(.handled)
        dispatcher.finished(dispatch, at: began.timestamp)
        #expect(dispatcher.shakeSource == .accelerometer)
        return dispatcher
    }

    /// The effects of `change` made to `dispatcher`.
    static func effects(of dispatcher: Dispatcher, _ change: (inout Dispatcher) throws(CoreError) -> Void) throws(CoreError) -> [RulesEffect] {
        var dispatcher = dispatcher
        return try RulesEffect.apply(change, to: &dispatcher, at: now).1
    }

    @Test("a change with no shake under way: the sensors follow the claims, then the announcement")
    func plain() throws {
        #expect(try Self.effects(of: Dispatcher()) { $0.registry.beginReceiving(Self.x, at: Self.now) } == [.motion(wanted: false), .publish])
        #expect(try Self.effects(of: Dispatcher()) { (dispatcher) throws(CoreError) in try dispatcher.registry.claimMotion(Self.x, at: Self.now) }
            == [.motion(wanted: true), .publish])
        #expect(try Self.effects(of: Dispatcher()) { $0.shakeAction = .nextTrack } == [.motion(wanted: true), .publish])
    }

    @Test("the first responder moves during a shake: its cancel goes out before the announcement")
    func responderMoved() throws {
        let cancel = Event.motion(.cancelled, at: Self.now, from: .accelerometer)
        #expect(try Self.effects(of: Self.shaking()) { (dispatcher) throws(CoreError) in
            try dispatcher.registry.becomeFirstResponder(ResponderAddress(app: Self.y, path: "/y"), at: Self.now)
        }
            == [.motion(wanted: true), .dispatch(cancel), .publish])
        #expect(try Self.effects(of: Self.shaking()) { $0.registry.appLeft(Self.x) } == [.motion(wanted: false), .dispatch(cancel), .publish])
    }

    @Test("the last claim goes during a shake: the sensors close, then the shake is cancelled")
    func lastClaimReleased() throws {
        #expect(try Self.effects(of: Self.shaking()) { _ = $0.registry.releaseMotion(Self.x) }
            == [.motion(wanted: false), .dispatch(.motion(.cancelled, at: Self.now, from: .accelerometer)), .publish])
        // A change that leaves the shake's responder and the sensors as they were cancels nothing.
        #expect(try Self.effects(of: Self.shaking()) { $0.registry.beginReceiving(Self.y, at: Self.now) } == [.motion(wanted: true), .publish])
    }

    @Test("a change the rules refuse leaves the state as it was and asks nothing, even if it had begun to change it")
    func refused() throws {
        var dispatcher = try Self.shaking()
        let before = dispatcher
        #expect(throws: CoreError.self) {
            _ = try RulesEffect.apply({ (dispatcher) throws(CoreError) in
                _ = dispatcher.registry.releaseMotion(Self.x)
                throw CoreError.invalidArgument("refused after a change")
            }, to: &dispatcher, at: Self.now)
        }
        #expect(dispatcher.registry.motionClaims == before.registry.motionClaims && dispatcher.wantsMotion)
        #expect(dispatcher.shakeSource == .accelerometer)
    }

    @Test("an event's way up its chain: each delivery is an effect, and its end is announced, then bounds seeks, then told")
    func dispatchSteps() {
        // A virtual clock: the seek's bound is known to the microsecond.
        let router = EventRouter { Self.now }
        _ = router.apply { dispatcher in
            dispatcher.registry.playerAppeared(
                Self.x, Player(busName: "org.mpris.MediaPlayer2.x", status: .playing, capabilities: .all), .appeared,
                at: MonotonicInstant(microseconds: 1))
        }
        let begin = Event.remoteControl(.beginSeekingForward, at: router.now, from: .api)
        let first = router.start(begin)
        guard case .deliver(let running, to: let link)? = first.first, first.count == 1 else {
            Issue.record("the first step is not one delivery: \(first)")
            return
        }
        #expect(link == .player(Self.x, Player(busName: "org.mpris.MediaPlayer2.x", status: .playing, capabilities: .all)))
        #expect(router.dispatchesInFlight == 1)
        let end = router.answered(running, .handled)
        let deadline = router.dispatcher.nextSeekDeadline
        #expect(deadline == Self.now + SeekInProgress.longestWithoutEnd)
        #expect(end == [.announce(begin, .handled(link)), .endSeeks(at: deadline), .finished(.handled(link))])
        #expect(router.dispatchesInFlight == 0)
        // A seek the other way: the one held is ended first, then the new one goes its way.
        let backward = Event.remoteControl(.beginSeekingBackward, at: router.now, from: .api)
        let steps = router.start(backward)
        #expect(steps.first == .dispatch(.remoteControl(.endSeekingForward, at: backward.timestamp, from: .api)), "\(steps)")
        guard case .deliver(let running, _)? = steps.last else {
            Issue.record("the backward seek was not delivered: \(steps)")
            return
        }
        _ = router.answered(running, .declined)
        // No answer: the app is waited for, and the state it is passed by in announced.
        let next = Event.remoteControl(.nextTrack, at: router.now, from: .api)
        guard case .deliver(let sent, to: _)? = router.start(next).first else {
            Issue.record("nextTrack was not delivered")
            return
        }
        #expect(router.answered(sent, .noAnswer) == [
            .announce(next, .unanswered(link)), .finished(.unanswered(link)), .awaitAnswer(Self.x), .publish,
        ])
        #expect(router.registry.isNotAnswering(Self.x))
        _ = router.apply { $0.registry.answered(Self.x) }
        // Not a seek: no bound to move. Nobody receiving here after the player left: discarded at once.
        _ = router.apply { $0.registry.playerVanished(Self.x) }
        let play = Event.remoteControl(.play, at: router.now, from: .api)
        #expect(router.start(play) == [.announce(play, .discarded(.nobodyReceiving)), .finished(.discarded(.nobodyReceiving))])
    }
}
