/// What MediaRemote does with a shake that nobody in the chain handled, when it ends: nothing
/// (the default), or one command to the Now Playing player.
public enum ShakeAction: String, CaseIterable, Sendable, CustomStringConvertible {
    case none
    case nextTrack
    case previousTrack
    case togglePlayPause
    /// Toggles the player's MPRIS `Shuffle` property.
    case shuffle

    /// The remote-control event the action is, if it is one.
    public var remoteControl: RemoteControlSubtype? {
        switch self {
        case .nextTrack: .nextTrack
        case .previousTrack: .previousTrack
        case .togglePlayPause: .togglePlayPause
        case .none, .shuffle: nil
        }
    }

    public var description: String { rawValue }
}
