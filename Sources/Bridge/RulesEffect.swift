import Core
import MediaRemoteAPI
import Time

/// What the daemon does because the rules' state changed or an event's dispatch ended. The
/// rules' side (``EventRouter``) says what; ``Coordinator/perform(_:)`` does it, in the order
/// the list gives, and the order is decided here and nowhere else.
enum RulesEffect: Hashable {
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

    /// The rules' state before a change: what the change's effects are judged against.
    struct Before {
        let firstResponder: ResponderAddress?
        let motionWanted: Bool

        init(_ dispatcher: Dispatcher) {
            (firstResponder, motionWanted) = (dispatcher.registry.firstResponder, dispatcher.wantsMotion)
        }
    }

    /// What a change of the rules' state from `before` to `after` asks, in order: the sensors
    /// follow the claims at once; then the cancel of a shake the change ended goes out, so its
    /// responder is called before the properties say the first responder moved; the
    /// announcement comes last, of the state with all of it done. Every change publishes:
    /// whether anything a person sees changed is the announcer's to find.
    static func ofChange(from before: Before, to after: Dispatcher, at now: MonotonicInstant) -> [RulesEffect] {
        var effects: [RulesEffect] = [.motion(wanted: after.wantsMotion)]
        if let cancel = after.cancellationNeeded(
            firstResponderBefore: before.firstResponder, motionWantedBefore: before.motionWanted, at: now)
        {
            effects.append(.dispatch(cancel))
        }
        effects.append(.publish)
        return effects
    }

    /// What the end of `event`'s dispatch asks: a seek's beginning or end moves the moment seeks
    /// begun by calls end by themselves.
    static func ofDispatch(of event: Event, after: Dispatcher) -> [RulesEffect] {
        event.remoteControlSubtype?.isSeek == true ? [.endSeeks(at: after.nextSeekDeadline)] : []
    }
}
