import Time

/// An app kept Now Playing by something other than playing: a pause it was sent from a remote,
/// or a person's choice (`Shift`). A pin holds until another player starts to play, so pressing
/// play/pause twice resumes what the first press paused, and a choice is not undone by a player
/// that merely goes on playing.
public struct NowPlayingPin: Hashable, Sendable {
    public enum Reason: String, Hashable, Sendable, CustomStringConvertible {
        /// It left Playing right after a pause, play/pause or stop was delivered to it.
        case pausedByRemoteControl
        /// A person moved Now Playing to it (`Shift`, `Unshift`).
        case chosen

        public var description: String { rawValue }

        /// Why the pinned app is Now Playing, in a phrase.
        var phrase: String {
            switch self {
            case .pausedByRemoteControl: "paused or stopped by a remote-control event, until another player starts to play"
            case .chosen: "chosen by a person (shift or unshift), until another player starts to play"
            }
        }

        /// Why a playing app is not Now Playing because of the pin, in a phrase.
        var outranking: String {
            switch self {
            case .pausedByRemoteControl: "playing, but the app paused or stopped by a remote-control event since it started stays Now Playing"
            case .chosen: "playing, but a person chose another player (shift or unshift) since it started"
            }
        }
    }

    public let app: AppID
    public let reason: Reason

    public init(app: AppID, reason: Reason) {
        self.app = app
        self.reason = reason
    }
}

/// A pause, play/pause or stop on its way to a playing app: if the app leaves Playing soon
/// after, the event paused it.
struct PauseRequest: Hashable, Sendable {
    let app: AppID
    let at: MonotonicInstant
}
