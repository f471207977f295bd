import DBusTypes
import MediaRemoteAPI

/// One place an event can go on its way up the chain.
public enum Link: Hashable, Sendable, CustomStringConvertible {
    /// An object implementing `org.mediaremote.Responder1`.
    case responder(ResponderAddress)
    /// An app's MPRIS player, which gets the matching MPRIS method call.
    case player(AppID, Player)
    /// MediaRemote itself (the application object) applying the configured shake action to
    /// the Now Playing player.
    case shakeAction(ShakeAction, AppID, Player)

    public var app: AppID {
        switch self {
        case .responder(let address): address.app
        case .player(let app, _), .shakeAction(_, let app, _): app
        }
    }

    /// The object path the event is delivered to.
    public var path: ObjectPath {
        switch self {
        case .responder(let address): address.path
        case .player, .shakeAction: Player.objectPath
        }
    }

    public var description: String {
        switch self {
        case .responder(let address): "responder \(address)"
        case .player(let app, let player): "player \(player.busName) (\(app))"
        case .shakeAction(let action, let app, let player): "shake action \(action) on \(player.busName) (\(app))"
        }
    }
}

/// How a dispatch ended: handled by exactly one link; sent to one that did not answer in time
/// (it may still act, so the event went to nobody else); or discarded with a reason.
public enum Outcome: Hashable, Sendable, CustomStringConvertible {
    case handled(Link)
    /// Sent, and no answer came within the call's timeout: a call cannot be taken back, so the
    /// link may still act on it, late. Never passed on: one press never acts twice.
    case unanswered(Link)
    case discarded(DiscardReason)

    public var description: String {
        switch self {
        case .handled(let link): "handled by \(link)"
        case .unanswered(let link): "sent to \(link), which did not answer in time (it may still act on it)"
        case .discarded(let reason): "discarded: \(reason.explanation)"
        }
    }
}
