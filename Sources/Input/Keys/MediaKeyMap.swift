import Core
import MediaRemoteAPI

/// What a media key does (DESIGN.md, "Input").
public enum MediaKeyAction: Equatable, Sendable {
    /// One event when the key goes down.
    case press(RemoteControlSubtype)
    /// Begin seeking when it goes down, end when it comes up.
    case seek(begin: RemoteControlSubtype, end: RemoteControlSubtype)
}

public enum MediaKeyMap {
    /// The action of `code`; `KEY_PAUSE` counts only on a dedicated media device, where it is
    /// not a keyboard's Pause/Break key.
    public static func action(for code: UInt16, onMediaDevice: Bool) -> MediaKeyAction? {
        switch code {
        case KeyCode.playPause: .press(.togglePlayPause)
        case KeyCode.playCD, KeyCode.play: .press(.play)
        case KeyCode.pauseCD: .press(.pause)
        case KeyCode.pause: onMediaDevice ? .press(.pause) : nil
        case KeyCode.stopCD, KeyCode.stop: .press(.stop)
        case KeyCode.nextSong: .press(.nextTrack)
        case KeyCode.previousSong: .press(.previousTrack)
        case KeyCode.fastForward: .seek(begin: .beginSeekingForward, end: .endSeekingForward)
        case KeyCode.rewind: .seek(begin: .beginSeekingBackward, end: .endSeekingBackward)
        default: nil
        }
    }

    /// Every key that has an action on a media device.
    public static let mediaKeys: [UInt16] = [
        KeyCode.playPause, KeyCode.playCD, KeyCode.play, KeyCode.pauseCD, KeyCode.pause, KeyCode.stopCD, KeyCode.stop,
        KeyCode.nextSong, KeyCode.previousSong, KeyCode.fastForward, KeyCode.rewind,
    ]
}
