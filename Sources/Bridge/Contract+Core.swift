import Core
import DBusTypes
import MediaRemoteAPI
import Time

extension EventDispatched {
    /// The signal for `event`, whose dispatch ended with `outcome`: the rules' types in the
    /// contract's words.
    init(_ event: Event, _ outcome: Core.Outcome) {
        self.init(
            type: event.type.rawValue, subtype: event.subtype.rawValue, phase: event.phase?.rawValue,
            timestamp: event.timestamp.microseconds, source: event.source.rawValue, outcome: Outcome(outcome))
    }
}

extension EventDispatched.Outcome {
    init(_ outcome: Core.Outcome) {
        switch outcome {
        case .handled(let link):
            self = .handled(by: ObjectAddress(link))
        case .unanswered(let link):
            self = .unanswered(by: ObjectAddress(link))
        case .discarded(let reason):
            self = .discarded(reason: reason.rawValue)
        }
    }
}

extension ObjectAddress {
    /// Where the rules deliver to `link`: a player by its MPRIS name, a responder by its
    /// connection's unique name.
    init(_ link: Link) {
        switch link {
        case .responder(let address): self.init(busName: address.app.busName, path: link.path)
        case .player(_, let player), .shakeAction(_, _, let player): self.init(busName: player.busName, path: link.path)
        }
    }
}

extension DescribeStateReply.Link {
    /// A link of the rules' chain, as `DescribeState` shows it.
    init(_ link: Link) {
        switch link {
        case .responder: self.init(kind: .responder, destination: ObjectAddress(link), app: link.app.busName)
        case .player: self.init(kind: .player, destination: ObjectAddress(link), app: link.app.busName)
        case .shakeAction(let action, _, _):
            self.init(kind: .shakeAction, destination: ObjectAddress(link), app: link.app.busName, action: action.rawValue)
        }
    }
}

extension ResponderCall {
    /// What a Responder1 object is sent with `event`.
    init(_ event: Event) {
        self.init(subtype: event.subtype.rawValue, timestamp: event.timestamp.microseconds)
    }

    /// The Responder1 method called for `event`: remote control, or the motion phase.
    static func method(for event: Event) -> TypedMethod<ResponderCall, ResponderReply> {
        switch event.kind {
        case .remoteControl: ResponderMembers.remoteControlReceived
        case .motion(.began): ResponderMembers.motionBegan
        case .motion(.ended): ResponderMembers.motionEnded
        case .motion(.cancelled): ResponderMembers.motionCancelled
        }
    }
}
