import Core
import Loop
import MediaRemoteAPI
import Time

/// The rules at work, as a state machine: their state (the dispatcher and its registry), every
/// change to it (``apply(_:)``) and every event's way up its chain (``start(_:)``, then
/// ``answered(_:_:)`` for each delivery). It performs nothing, and holds no connection: each
/// step returns what must be done as ``RulesEffect``s, which the rules shell performs
/// (RulesShell+Effects.swift), bringing each delivery's answer back here. Everything runs on
/// the loop's thread.
final class EventRouter {
    /// The rules' state. Changed only through ``apply(_:)``, ``start(_:)`` and ``answered(_:_:)``.
    private(set) var dispatcher = Dispatcher()
    /// Events whose dispatch has not finished (waiting for a player's or responder's answer).
    private(set) var dispatchesInFlight = 0

    /// The time, as every change and step takes it: the monotonic clock, or a test's own.
    private let clock: () -> MonotonicInstant

    init(clock: @escaping () -> MonotonicInstant = { MonotonicClock.now }) {
        self.clock = clock
    }

    var registry: Registry { dispatcher.registry }
    var now: MonotonicInstant { clock() }

    /// Applies a change to the rules' state; returns its result and what the change asks. A
    /// change the rules refuse throws, having changed nothing and asking nothing.
    func apply<Result, Failure: Error>(_ change: (inout Dispatcher) throws(Failure) -> Result) throws(Failure) -> (Result, [RulesEffect]) {
        try RulesEffect.apply(change, to: &dispatcher, at: now)
    }

    /// Begins `event`'s way up its chain: its first delivery, or its end; a seek's beginning
    /// ends a seek the other way first.
    func start(_ event: Event) -> [RulesEffect] {
        let endsFirst = dispatcher.seekEndsBefore(event).map(RulesEffect.dispatch)
        dispatchesInFlight += 1
        var running = dispatcher.dispatch(event, at: now)
        let step = running.start()
        return endsFirst + effects(of: running, step)
    }

    /// Begins `event`'s way up `app`'s chain alone (a route's pause to each app heard through an
    /// output that went away).
    func start(_ event: Event, to app: AppID) -> [RulesEffect] {
        dispatchesInFlight += 1
        var running = dispatcher.dispatch(event, to: app, at: now)
        let step = running.start()
        return effects(of: running, step)
    }

    /// A delivery of `running` was answered: the next delivery, or the end.
    func answered(_ running: Dispatch, _ answer: Dispatch.Answer) -> [RulesEffect] {
        var next = running
        let step = next.answer(answer)
        return effects(of: next, step)
    }

    /// The launch under way can go on (its player came, and can take the event): the event's
    /// way up its chain again, or its end.
    func resume() -> [RulesEffect] {
        guard var running = dispatcher.takeResumed(at: now) else { return [] }
        let step = running.start()
        return effects(of: running, step)
    }

    /// The launch under way ends without its player: its event ends discarded for `reason`.
    func endLaunch(_ reason: DiscardReason) -> [RulesEffect] {
        guard var running = dispatcher.endLaunch(reason) else { return [] }
        let step = running.start()
        return effects(of: running, step)
    }

    private func effects(of running: Dispatch, _ step: Dispatch.Step) -> [RulesEffect] {
        switch step {
        case .deliver(let link):
            return [.deliver(running, to: link)]
        case .launch(let launch):
            // Still in flight: it goes on when the player comes (``resume()``), or ends.
            return [.launch(launch), .publish]
        case .finished(let outcome):
            dispatchesInFlight -= 1
            dispatcher.finished(running, at: now)
            return RulesEffect.ofEnd(of: running, outcome, after: dispatcher)
        }
    }
}
