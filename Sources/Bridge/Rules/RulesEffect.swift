import Core
import MediaRemoteAPI
import Time

/// What the daemon does because the rules' state changed or an event went a step up its
/// chain. The rules' side (``EventRouter``) says what; ``RulesShell/perform(_:completion:)``
/// does it, in the order the list gives, and the order is decided here and nowhere else.
enum RulesEffect: Equatable {
    /// Open the accelerometers (motion is wanted: claimed, or a shake action set), or close them.
    case motion(wanted: Bool)
    /// Dispatch this event: the cancel of a shake whose first responder moved or whose sensor
    /// closed.
    case dispatch(Event)
    /// Announce the properties and the proxy's target, keep the memory, and arm the timer for
    /// the end of a track-change grace.
    case publish
    /// Arm the timer that ends seeks begun by calls at this moment (none: no such seek).
    case endSeeks(at: MonotonicInstant?)
    /// Deliver the event `running` carries to `link` (an MPRIS call, the shake action, a
    /// Responder1 call), and bring the answer back (``EventRouter/answered(_:_:)``).
    case deliver(Dispatch, to: Link)
    /// Log the outcome of an event's dispatch and emit `EventDispatched`.
    case announce(Event, Outcome)
    /// The dispatch is over: whoever sent the event is told its outcome.
    case finished(Outcome)
    /// Wait for this app, which did not answer, to answer again (``AnswerWatch``): until then
    /// events pass it by.
    case awaitAnswer(AppID)
    /// Launch the last player to resume (``Resumption``), and wait for it until the launch's
    /// deadline; the dispatch that asked goes on when it comes (``resume``).
    case launch(Resumption.Launch)
    /// The launched player can take the event it was launched for: send it on its way again
    /// (``EventRouter/resume()``).
    case resume

    /// The rules' state before a change: what the change's effects are judged against.
    struct Before {
        let firstResponder: ResponderAddress?
        let motionWanted: Bool

        init(_ dispatcher: Dispatcher) {
            (firstResponder, motionWanted) = (dispatcher.registry.firstResponder, dispatcher.wantsMotion)
        }
    }

    /// Applies `change` to `dispatcher`: its result and what it asks. One the rules refuse
    /// throws, leaving `dispatcher` as it was and asking nothing.
    static func apply<Result, Failure: Error>(
        _ change: (inout Dispatcher) throws(Failure) -> Result, to dispatcher: inout Dispatcher, at now: MonotonicInstant
    ) throws(Failure) -> (Result, [RulesEffect]) {
        // The last player follows Now Playing, before the change (an app leaving was it) and after.
        dispatcher.noteNowPlaying(at: now)
        let before = Before(dispatcher)
        var after = dispatcher
        let result = try change(&after)
        after.noteNowPlaying(at: now)
        dispatcher = after
        return (result, ofChange(from: before, to: after, at: now))
    }

    /// What a change of the rules' state from `before` to `after` asks, in order: the sensors
    /// follow the claims at once; then the dispatch of a shake's cancel the change called for
    /// starts (its call is sent before the announcement unless calls to that app are already
    /// queued); so does a launched player's event, once the change brought a player that can
    /// take it; the announcement comes last, of the state with all of it done. Every change
    /// publishes: whether anything a person sees changed is the announcer's to find.
    static func ofChange(from before: Before, to after: Dispatcher, at now: MonotonicInstant) -> [RulesEffect] {
        var effects: [RulesEffect] = [.motion(wanted: after.wantsMotion)]
        if let cancel = after.cancellationNeeded(
            firstResponderBefore: before.firstResponder, motionWantedBefore: before.motionWanted, at: now)
        {
            effects.append(.dispatch(cancel))
        }
        if after.resumeReady { effects.append(.resume) }
        effects.append(.publish)
        return effects
    }

    /// What the end of an event's dispatch asks, in order: its outcome logged and announced
    /// (`EventDispatched`); a seek's beginning or end moves the moment seeks begun by calls end
    /// by themselves; then whoever sent it is told; an app that did not answer is waited for,
    /// and the rules' state, which passes it by from now, announced.
    static func ofEnd(of dispatch: Dispatch, _ outcome: Outcome, after: Dispatcher) -> [RulesEffect] {
        let seeks: [RulesEffect] = dispatch.event.remoteControlSubtype?.isSeek == true ? [.endSeeks(at: after.nextSeekDeadline)] : []
        let unanswered: [RulesEffect] = if case .unanswered(let link) = outcome { [.awaitAnswer(link.app), .publish] } else { [] }
        return [.announce(dispatch.event, outcome)] + seeks + [.finished(outcome)] + unanswered
    }
}
