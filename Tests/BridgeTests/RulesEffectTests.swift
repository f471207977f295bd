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
        dispatcher.finished(dispatch)
        #expect(dispatcher.shakeSource == .accelerometer)
        return dispatcher
    }

    /// The effects of `change` made to `dispatcher`.
    static func effects(of dispatcher: Dispatcher, _ change: (inout Dispatcher) throws -> Void) rethrows -> [RulesEffect] {
        var after = dispatcher
        let before = RulesEffect.Before(dispatcher)
        try change(&after)
        return RulesEffect.ofChange(from: before, to: after, at: now)
    }

    @Test("a change with no shake under way: the sensors follow the claims, then the announcement")
    func plain() throws {
        #expect(Self.effects(of: Dispatcher()) { $0.registry.beginReceiving(Self.x, at: Self.now) } == [.motion(wanted: false), .publish])
        #expect(try Self.effects(of: Dispatcher()) { try $0.registry.claimMotion(Self.x, at: Self.now) } == [.motion(wanted: true), .publish])
        #expect(Self.effects(of: Dispatcher()) { $0.shakeAction = .nextTrack } == [.motion(wanted: true), .publish])
    }

    @Test("the first responder moves during a shake: its cancel goes out before the announcement")
    func responderMoved() throws {
        let cancel = Event.motion(.cancelled, at: Self.now, from: .accelerometer)
        #expect(try Self.effects(of: Self.shaking()) { try $0.registry.becomeFirstResponder(ResponderAddress(app: Self.y, path: "/y"), at: Self.now) }
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

    @Test("the end of a seek's dispatch arms the bound of seeks begun by calls; other events ask nothing")
    func afterDispatch() {
        var dispatcher = Dispatcher()
        dispatcher.registry.playerAppeared(
            Self.x, Player(busName: "org.mpris.MediaPlayer2.x", status: .playing, capabilities: .all), .appeared, at: MonotonicInstant(microseconds: 1))
        let begin = Event.remoteControl(.beginSeekingForward, at: Self.now, from: .api)
        var dispatch = dispatcher.dispatch(begin, at: Self.now)
        _ = dispatch.start()
        _ = dispatch.answer(.handled)
        dispatcher.finished(dispatch)
        let deadline = Self.now + SeekInProgress.longestWithoutEnd
        #expect(dispatcher.nextSeekDeadline == deadline)
        #expect(RulesEffect.ofDispatch(of: begin, after: dispatcher) == [.endSeeks(at: deadline)])
        #expect(RulesEffect.ofDispatch(of: .remoteControl(.play, at: Self.now, from: .api), after: dispatcher) == [])
        #expect(RulesEffect.ofDispatch(of: .motion(.began, at: Self.now, from: .simulated), after: dispatcher) == [])
    }
}
