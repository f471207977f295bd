import MediaRemoteAPI
import Time

/// The rules applied to events: builds each event's chain from the registry and remembers
/// what must follow an event to the same place (the end of a seek, the cancel of a shake).
public struct Dispatcher: Sendable {
    public var registry: Registry
    /// What MediaRemote does with a shake nobody handled, to the Now Playing player.
    public var shakeAction: ShakeAction

    /// Each seek in progress, keyed by the subtype that began it (SeekInProgress.swift).
    var seeks: [RemoteControlSubtype: SeekInProgress] = [:]
    /// The link that handled the beginning of the shake in progress, if any, and whether one is.
    var shakeHandler: Link?
    /// The source of the shake in progress, nil when none is.
    public private(set) var shakeSource: EventSource?
    /// The last player, which a play with nobody receiving launches, and the launch under way
    /// (Dispatcher+Resumption.swift).
    public var resumption = Resumption()

    public init(registry: Registry = Registry(), shakeAction: ShakeAction = .none) {
        self.registry = registry
        self.shakeAction = shakeAction
    }

    /// Starts dispatching `event`: its chain, as a state machine. A pause, play/pause or stop
    /// on its way to a playing app is remembered: if the app pauses, it stays Now Playing.
    public mutating func dispatch(_ event: Event, at now: MonotonicInstant) -> Dispatch {
        let (links, reason) = chain(for: event, at: now)
        if links.isEmpty, reason == .nobodyReceiving, let resuming = resumeDispatch(event, at: now) { return resuming }
        if let app = Dispatcher.mayPause(event, links) { registry.pauseRequested(of: app, at: now) }
        return Dispatch(event: event, links: links, emptyReason: reason)
    }

    /// Starts dispatching `event` to `app` alone, whoever is Now Playing: the one case the rules
    /// address an app, a route's pause to every app heard through an output that went away (as
    /// iOS tells every app on the route). Up the app's chain: its responders, then its player; an
    /// app that has not answered since an earlier event is passed by. Only Now Playing's pause
    /// may keep it Now Playing: another app paused this way does not take Now Playing from it.
    public mutating func dispatch(_ event: Event, to app: AppID, at now: MonotonicInstant) -> Dispatch {
        guard registry.knows(app), !registry.isNotAnswering(app) else {
            return Dispatch(event: event, links: [], emptyReason: registry.knows(app) ? .notAnswering : .nobodyReceiving)
        }
        let links = chain(of: app)
        if event.remoteControlSubtype?.mayPause == true, registry.nowPlaying(at: now) == app { registry.pauseRequested(of: app, at: now) }
        return Dispatch(event: event, links: links, emptyReason: .declined)
    }

    /// The app an event may pause: a pause, play/pause or stop goes to the Now Playing app (every
    /// link of its chain is that app's); a shake whose chain ends in the shake action
    /// togglePlayPause goes there when the responders decline.
    static func mayPause(_ event: Event, _ links: [Link]) -> AppID? {
        if event.remoteControlSubtype?.mayPause == true { return links.first?.app }
        if case .shakeAction(let action, let app, _)? = links.last, action.remoteControl?.mayPause == true { return app }
        return nil
    }

    /// Records how a dispatch ended, so the end of a seek or the cancel of a shake follows it,
    /// and an app that did not answer is passed by until it answers again.
    public mutating func finished(_ dispatch: Dispatch, at now: MonotonicInstant) {
        let event = dispatch.event
        if case .unanswered(let link)? = dispatch.outcome { registry.didNotAnswer(link.app, at: now) }
        // A pause-like event that reached nobody of the app paused nothing; one that got no
        // answer may still, late, within the window.
        if let app = Dispatcher.mayPause(event, dispatch.links) {
            switch dispatch.outcome {
            case .handled(let link)? where link.app == app: break
            case .unanswered(let link)? where link.app == app: break
            default: registry.pauseRequestFailed(of: app)
            }
        }
        switch event.kind {
        case .remoteControl(let subtype):
            if subtype.beginsSeek {
                // One that got no answer may be seeking: its end goes there too.
                switch dispatch.outcome {
                case .handled(let link)?, .unanswered(let link)?:
                    seeks[subtype] = SeekInProgress(direction: subtype, source: event.source, link: link, since: event.timestamp)
                default:
                    seeks[subtype] = nil
                }
            } else if let begin = subtype.beginningOfSeek {
                seeks[begin] = nil
            }
        case .motion(.began):
            shakeSource = event.source
            // One that got the beginning and did not answer may have begun: its cancel goes there.
            switch dispatch.outcome {
            case .handled(let link)?, .unanswered(let link)?: shakeHandler = link
            default: shakeHandler = nil
            }
        case .motion(.ended), .motion(.cancelled):
            shakeSource = nil
            shakeHandler = nil
        }
    }

    /// The chain a remote-control event would take now (for `mediaremotectl status`), or why
    /// it would go nowhere.
    public func remoteControlChain(at now: MonotonicInstant) -> ([Link], DiscardReason) {
        chain(for: .remoteControl(.togglePlayPause, at: now, from: .api), at: now)
    }

    /// The chain an event takes, or why it goes nowhere.
    func chain(for event: Event, at now: MonotonicInstant) -> ([Link], DiscardReason) {
        switch event.kind {
        case .remoteControl(let subtype): remoteControlChain(for: subtype, at: now)
        case .motion(let phase): motionChain(for: phase, at: now)
        }
    }

    private func remoteControlChain(for subtype: RemoteControlSubtype, at now: MonotonicInstant) -> ([Link], DiscardReason) {
        // The end of a seek goes where its beginning was handled, wherever Now Playing is now;
        // with no seek in progress (never begun, ended, or its app left) there is nothing to end.
        if let begin = subtype.beginningOfSeek {
            guard let link = seeks[begin]?.link, registry.knows(link.app) else { return ([], .noSeekInProgress) }
            return ([link], .declined)
        }
        // A begin sent again while that seek is held holds it on where it is: sent to Now
        // Playing instead, it would leave the first handler seeking with no end to come.
        if subtype.beginsSeek, let held = seeks[subtype], !held.ending, registry.knows(held.link.app) {
            return ([held.link], .declined)
        }
        let choice = registry.nowPlayingChoice(at: now)
        guard choice.anyReceiving else { return ([], .nobodyReceiving) }
        guard let app = choice.app else { return ([], choice.passedBy ? .notAnswering : .noNowPlayingApp) }
        return (chain(of: app), .declined)
    }

    /// Up `app`'s chain: its responders from the first one down, then its player. Built in one
    /// array of the size it may need (no more than one app may push, whatever the stack holds of
    /// others): this runs for every event.
    private func chain(of app: AppID) -> [Link] {
        var links: [Link] = []
        links.reserveCapacity(min(registry.stack.count, registry.limits.respondersPerApp) + 1)
        for responder in registry.stack.reversed() where responder.app == app { links.append(.responder(responder)) }
        if let player = registry.player(of: app) { links.append(.player(app, player)) }
        return links
    }

    private func motionChain(for phase: MotionPhase, at now: MonotonicInstant) -> ([Link], DiscardReason) {
        if phase == .cancelled {
            guard let handler = shakeHandler, registry.knows(handler.app) else { return ([], .notStarted) }
            return ([handler], .notStarted)
        }
        var links: [Link] = []
        let first = registry.firstResponder
        // Up the first responder's app: its responders from the first one down; none while it
        // has not answered since an event was sent to it.
        if let first, !registry.isNotAnswering(first.app) {
            links = registry.responders(of: first.app).map(Link.responder)
        }
        if phase == .ended, shakeAction != .none, let app = registry.nowPlaying(at: now),
            let player = registry.player(of: app)
        {
            links.append(.shakeAction(shakeAction, app, player))
        }
        // A shake that ends with nobody to give it to would still do the action: with none set,
        // or none to act on, that is the reason it does nothing.
        let nobody: DiscardReason =
            phase != .ended ? .noFirstResponder : shakeAction == .none ? .noShakeAction : links.isEmpty ? .noPlayerForShakeAction : .noFirstResponder
        guard let first else { return (links, nobody) }
        return (links, registry.isNotAnswering(first.app) ? .notAnswering : .declined)
    }

    /// Whether the accelerometers should be open: some app holds a motion claim, or a shake
    /// action is set (a person who configured "shaking does this" means it, claim or not: the
    /// action is the service's own standing claim).
    public var wantsMotion: Bool { registry.isMotionClaimed || shakeAction != .none }

    /// A shake in progress must be cancelled when its first responder changed (or its handler
    /// left), and a detected one when motion stopped being wanted (the accelerometer closes):
    /// the cancel event to dispatch, if so.
    public func cancellationNeeded(
        firstResponderBefore: ResponderAddress?, motionWantedBefore: Bool = false, at now: MonotonicInstant
    ) -> Event? {
        guard let source = shakeSource else { return nil }
        let responderMoved = registry.firstResponder != firstResponderBefore
        let sensorClosed = source == .accelerometer && motionWantedBefore && !wantsMotion
        return responderMoved || sensorClosed ? .motion(.cancelled, at: now, from: source) : nil
    }

    /// What must still be delivered before MediaRemote stops: the end of every seek in
    /// progress (to where its beginning went) and the cancel of a shake in progress.
    public func endingsBeforeStopping(at now: MonotonicInstant) -> [Event] {
        var events = seeks.keys.compactMap { $0.endOfSeek }.sorted { $0.rawValue < $1.rawValue }
            .map { Event.remoteControl($0, at: now, from: .api) }
        if let source = shakeSource { events.append(.motion(.cancelled, at: now, from: source)) }
        return events
    }
}
