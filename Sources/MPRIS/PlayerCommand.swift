import Core
import DBusTypes
import MediaRemoteAPI

/// The MPRIS method a remote-control subtype becomes.
public enum PlayerCommand: Equatable, Sendable {
    /// A method without arguments: `PlayPause`, `Play`, `Pause`, `Stop`, `Next`, `Previous`.
    case call(TypedMethod<NoArguments, NoArguments>)
    /// Start seeking: `Seek(±step)` now and repeatedly while held.
    case beginSeeking(forward: Bool)
    /// Stop the seeking begun in that direction.
    case endSeeking(forward: Bool)

    public init(_ subtype: RemoteControlSubtype) {
        switch subtype {
        case .togglePlayPause: self = .call(MPRISMembers.playPause)
        case .play: self = .call(MPRISMembers.play)
        case .pause: self = .call(MPRISMembers.pause)
        case .stop: self = .call(MPRISMembers.stop)
        case .nextTrack: self = .call(MPRISMembers.next)
        case .previousTrack: self = .call(MPRISMembers.previous)
        case .beginSeekingForward: self = .beginSeeking(forward: true)
        case .beginSeekingBackward: self = .beginSeeking(forward: false)
        case .endSeekingForward: self = .endSeeking(forward: true)
        case .endSeekingBackward: self = .endSeeking(forward: false)
        }
    }
}
