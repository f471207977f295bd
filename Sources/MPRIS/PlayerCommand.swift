import Core
import DBusTypes

/// The MPRIS method a remote-control subtype becomes.
public enum PlayerCommand: Equatable, Sendable {
    /// A method without arguments: `PlayPause`, `Play`, `Pause`, `Stop`, `Next`, `Previous`.
    case call(MemberName)
    /// Start seeking: `Seek(±step)` now and repeatedly while held.
    case beginSeeking(forward: Bool)
    /// Stop the seeking begun in that direction.
    case endSeeking(forward: Bool)

    public init(_ subtype: RemoteControlSubtype) {
        switch subtype {
        case .togglePlayPause: self = .call("PlayPause")
        case .play: self = .call("Play")
        case .pause: self = .call("Pause")
        case .stop: self = .call("Stop")
        case .nextTrack: self = .call("Next")
        case .previousTrack: self = .call("Previous")
        case .beginSeekingForward: self = .beginSeeking(forward: true)
        case .beginSeekingBackward: self = .beginSeeking(forward: false)
        case .endSeekingForward: self = .endSeeking(forward: true)
        case .endSeekingBackward: self = .endSeeking(forward: false)
        }
    }
}
