import Core
import DBus
import DBusTypes
import Loop
import MediaRemoteAPI
import MPRIS
import Time

/// The rules at work: their state (the dispatcher and its registry), every change to it made
/// through ``changeState(_:)``, and every event sent up its chain (``dispatch(_:completion:)``)
/// through real deliveries (EventRouter+Delivering.swift). What a change means beyond the rules
/// is told: whether motion is wanted to ``onMotionClaim`` (sensors to open), that it changed
/// to ``onStateChanged`` (properties to announce). Everything runs on the loop's thread.
final class EventRouter {
    /// The rules' state. Changed only through ``changeState(_:)`` and ``dispatch(_:completion:)``.
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
    /// Told after every change of the rules' state whether motion is wanted (claimed, or a shake
    /// action set: the sensors open and close with it), before a shake the change ended is
    /// cancelled.
    var onMotionClaim: ((Bool) -> Void)?
    /// Told after every change of the rules' state, last.
    var onStateChanged: (() -> Void)?
    /// Ends a seek begun by a call that got no end (EventRouter+Seeks.swift).
    lazy var seekTimer = DeadlineTimer(loop: connection.loop, onFailure: {
        Log.warning("cannot make the timer that ends seeks begun by a call (\($0)); such a seek lasts until its end is sent")
    }) { [unowned self] in self.endSeeksDue() }

    init(connection: Connection, calls: CallQueue, delivery: PlayerDelivery, tracker: PlayerTracker, responderTimeout: Duration) {
        (self.connection, self.calls, self.delivery, self.tracker) = (connection, calls, delivery, tracker)
        self.responderTimeout = responderTimeout
    }

    var registry: Registry { dispatcher.registry }
    var now: MonotonicInstant { MonotonicClock.now }

    /// Applies a change to the rules' state, tells ``onMotionClaim``, dispatches the cancel of a
    /// shake whose first responder moved or whose last claim went, and tells ``onStateChanged``.
    /// A change the rules refuse throws, having changed nothing.
    @discardableResult
    func changeState<Result, Failure: Error>(_ change: (inout Dispatcher) throws(Failure) -> Result) throws(Failure) -> Result {
        let firstResponderBefore = dispatcher.registry.firstResponder
        let wantedBefore = dispatcher.wantsMotion
        defer {
            onMotionClaim?(dispatcher.wantsMotion)
            if let cancel = dispatcher.cancellationNeeded(
                firstResponderBefore: firstResponderBefore, motionWantedBefore: wantedBefore, at: now)
            {
                dispatch(cancel)
            }
            onStateChanged?()
        }
        return try change(&dispatcher)
    }

    /// Sends `event` up its chain; `completion` gets the outcome, after `EventDispatched` is out.
    func dispatch(_ event: Event, completion: ((Outcome) -> Void)? = nil) {
        dispatchesInFlight += 1
        var running = dispatcher.dispatch(event, at: now)
        let step = running.start()
        continueDispatch(running, step, completion)
    }

    /// Performs one step; the answer of a delivery brings the next.
    private func continueDispatch(_ running: Dispatch, _ step: Dispatch.Step, _ completion: ((Outcome) -> Void)?) {
        switch step {
        case .finished(let outcome):
            dispatchesInFlight -= 1
            dispatcher.finished(running)
            if running.event.remoteControlSubtype?.isSeek == true { seekTimer.arm(at: dispatcher.nextSeekDeadline) }
            EventRouter.log(running.event, outcome, silent: running.silent)
            announce(running.event, outcome, silent: running.silent)
            completion?(outcome)
        case .deliver(let link):
            deliver(running.event, to: link) { [weak self] answer in
                guard let self else { return }
                var next = running
                let nextStep = next.answer(answer)
                self.continueDispatch(next, nextStep, completion)
            }
        }
    }

    /// The rules' settings, at start-up and on each reload: a change of state like any other
    /// (a mode may end a pin; a mode or a priority may move Now Playing).
    func adopt(mode: Mode, playerPriority: [BusName], shakeAction: ShakeAction, responderTimeout: Duration) {
        changeState { dispatcher in
            dispatcher.registry.mode = mode
            dispatcher.registry.playerPriority = playerPriority
            dispatcher.shakeAction = shakeAction
        }
        self.responderTimeout = responderTimeout
    }
}
