import MediaRemoteAPI

/// One event on its way up a chain: a state machine that says where to deliver next and,
/// given each answer, either moves on or ends. It does no I/O and keeps no clock; the shell
/// delivers, waits for the answer (or the timeout) and reports it.
public struct Dispatch: Equatable, Sendable {
    /// What a link answered.
    public enum Answer: Hashable, Sendable {
        case handled
        case declined
        /// No answer within the call's timeout: the link may still act on the event, so it goes
        /// no further (``Outcome/unanswered(_:)``).
        case noAnswer
    }

    /// What the shell does next.
    public enum Step: Hashable, Sendable {
        case deliver(Link)
        case finished(Outcome)
        /// Nobody receives it, and it launches the last player (``Resumption``): it goes on
        /// when that player can take it (``Dispatcher/takeResumed(at:)``), or ends.
        case launch(Resumption.Launch)
    }

    public let event: Event
    let links: [Link]
    private let emptyReason: DiscardReason
    private var index = 0
    /// The links the event was delivered to, in order.
    public private(set) var delivered: [Link] = []
    public private(set) var outcome: Outcome?
    /// The launch it starts, for a dispatch that launches the last player.
    private var launching: Resumption.Launch?
    /// The app launched to resume, for the play that goes to it: just started, it may be slow
    /// to answer its first call (``Resumption/firstAnswerPatience``).
    public internal(set) var resumes: AppID?

    init(event: Event, links: [Link], emptyReason: DiscardReason) {
        self.event = event
        self.links = links
        self.emptyReason = emptyReason
    }

    /// A dispatch that launches the last player and waits for it.
    init(event: Event, launching launch: Resumption.Launch) {
        self.init(event: event, links: [], emptyReason: .nobodyReceiving)
        launching = launch
    }

    /// A dispatch already handled, delivering nothing: the player launched to resume it plays
    /// by itself (some resume what they played when they start).
    init(event: Event, handledAlreadyBy link: Link) {
        self.init(event: event, links: [link], emptyReason: .declined)
        outcome = .handled(link)
    }

    /// The first step.
    public mutating func start() -> Step {
        if let launching { return .launch(launching) }
        if let outcome { return .finished(outcome) }
        return advance()
    }

    /// Records the answer of the link last delivered to, and gives the next step.
    public mutating func answer(_ answer: Answer) -> Step {
        guard outcome == nil, index < links.count else { return .finished(outcome ?? .discarded(emptyReason)) }
        switch answer {
        case .handled:
            let finished = Outcome.handled(links[index])
            outcome = finished
            return .finished(finished)
        case .declined:
            index += 1
        case .noAnswer:
            let finished = Outcome.unanswered(links[index])
            outcome = finished
            return .finished(finished)
        }
        return advance()
    }

    private mutating func advance() -> Step {
        while index < links.count {
            let link = links[index]
            // A player that cannot do it declines without being asked.
            let able: Bool
            switch link {
            // Only a remote-control event's chain has players.
            case .player(_, let player): able = event.remoteControlSubtype.map(player.capabilities.allow) ?? false
            case .shakeAction(let action, _, let player): able = action.allowed(by: player.capabilities)
            case .responder: able = true
            }
            if able {
                delivered.append(link)
                return .deliver(link)
            }
            index += 1
        }
        let finished = Outcome.discarded(links.isEmpty ? emptyReason : .declined)
        outcome = finished
        return .finished(finished)
    }
}
