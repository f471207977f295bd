import DBusTypes
import MediaRemoteAPI

/// MPRIS's `PlaybackStatus`.
public enum PlaybackStatus: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case playing = "Playing"
    case paused = "Paused"
    case stopped = "Stopped"

    public var description: String { rawValue }
}

/// What an MPRIS player says it can do (its `CanControl`, `CanPlay`, … properties).
public struct PlayerCapabilities: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let control = PlayerCapabilities(rawValue: 1 << 0)
    public static let play = PlayerCapabilities(rawValue: 1 << 1)
    public static let pause = PlayerCapabilities(rawValue: 1 << 2)
    public static let goNext = PlayerCapabilities(rawValue: 1 << 3)
    public static let goPrevious = PlayerCapabilities(rawValue: 1 << 4)
    public static let seek = PlayerCapabilities(rawValue: 1 << 5)

    public static let all: PlayerCapabilities = [.control, .play, .pause, .goNext, .goPrevious, .seek]

    /// Whether a player with these capabilities can act on `subtype`: `CanControl` and the
    /// matching `Can*`, as MPRIS defines them. False means the player declines.
    public func allow(_ subtype: RemoteControlSubtype) -> Bool {
        guard contains(.control) else { return false }
        switch subtype {
        case .play: return contains(.play)
        case .pause: return contains(.pause)
        // PlayPause acts when the player can do whichever one it needs.
        case .togglePlayPause: return contains(.play) || contains(.pause)
        // MPRIS: Stop needs only CanControl.
        case .stop: return true
        case .nextTrack: return contains(.goNext)
        case .previousTrack: return contains(.goPrevious)
        case .beginSeekingBackward, .endSeekingBackward, .beginSeekingForward, .endSeekingForward: return contains(.seek)
        }
    }
}

/// An MPRIS player of an app, as the bridge last read it.
public struct Player: Hashable, Sendable {
    /// Its well-known name, e.g. `org.mpris.MediaPlayer2.vlc.instance1234`.
    public var busName: BusName
    public var status: PlaybackStatus
    public var capabilities: PlayerCapabilities

    public init(busName: BusName, status: PlaybackStatus, capabilities: PlayerCapabilities) {
        self.busName = busName
        self.status = status
        self.capabilities = capabilities
    }

    /// The object path MPRIS players live at.
    public static let objectPath: ObjectPath = "/org/mpris/MediaPlayer2"

    /// Whether the bus name `name` is `listed`, or one of its instances: a player listed in the
    /// configuration (to ignore, or to prefer) stands for `….vlc.instance42` as well as `….vlc`.
    public static func busName(_ name: BusName, isListedAs listed: BusName) -> Bool {
        name == listed || name.rawValue.hasPrefix(listed.rawValue + ".")
    }
}
