import Core
import DBus
import DBusTypes
import Loop
import MediaRemoteAPI
import MPRIS
import Time

/// The rules at work: their state (the dispatcher and its registry), every change to it made
/// through ``apply(_:)``, and every event sent up its chain (``dispatch(_:then:)``) through
/// real deliveries (EventRouter+Delivering.swift). Neither acts on what the change means
/// beyond the rules: each returns it as ``RulesEffect``s, which the coordinator performs.
/// Everything runs on the loop's thread.
final class EventRouter {
    /// The rules' state. Changed only through ``apply(_:)`` and ``dispatch(_:then:)``.
    private(set) var dispatcher = Dispatcher()
    let connection: Connection
    /// MPRIS calls to players, and the shake action's.
    let delivery: PlayerDelivery
    /// Every call that delivers an event goes through it: a line per app.
    let calls: CallQueue
    /// What the tracker read of each player (the shake action's `Shuffle` reads it).
    let tracker: PlayerTracker
    /// How long a Responder1 object has to answer.
    var responderTimeout: Duration
    /// Events whose dispatch has not finished (waiting for a player's or responder's answer).
    var dispatchesInFlight = 0

    init(connection: Connection, calls: CallQueue, delivery: PlayerDelivery, tracker: PlayerTracker, responderTimeout: Duration) {
        (self.connection, self.calls, self.delivery, self.tracker) = (connection, calls, delivery, tracker)
        self.responderTimeout = responderTimeout
    }

    var registry: Registry { dispatcher.registry }
    var now: MonotonicInstant { MonotonicClock.now }

    /// Applies a change to the rules' state; returns its result and what the change asks
    /// (``RulesEffect/ofChange(from:to:at:)``). A change the rules refuse throws, having
    /// changed nothing and asking nothing.
    func apply<Result, Failure: Error>(_ change: (inout Dispatcher) throws(Failure) -> Result) throws(Failure) -> (Result, [RulesEffect]) {
        let before = RulesEffect.Before(dispatcher)
        let result = try change(&dispatcher)
        return (result, RulesEffect.ofChange(from: before, to: dispatcher, at: now))
    }

    /// Sends `event` up its chain; `finish` gets the outcome, after `EventDispatched` is out,
    /// with what the end of the dispatch asks.
    func dispatch(_ event: Event, then finish: @escaping (Outcome, [RulesEffect]) -> Void) {
        dispatchesInFlight += 1
        var running = dispatcher.dispatch(event, at: now)
        let step = running.start()
        continueDispatch(running, step, finish)
    }

    /// Performs one step; the answer of a delivery brings the next.
    private func continueDispatch(_ running: Dispatch, _ step: Dispatch.Step, _ finish: @escaping (Outcome, [RulesEffect]) -> Void) {
        switch step {
        case .finished(let outcome):
            dispatchesInFlight -= 1
            dispatcher.finished(running)
            EventRouter.log(running.event, outcome, silent: running.silent)
            announce(running.event, outcome, silent: running.silent)
            finish(outcome, RulesEffect.ofDispatch(of: running.event, after: dispatcher))
        case .deliver(let link):
            deliver(running.event, to: link) { [weak self] answer in
                guard let self else { return }
                var next = running
                let nextStep = next.answer(answer)
                self.continueDispatch(next, nextStep, finish)
            }
        }
    }
}
