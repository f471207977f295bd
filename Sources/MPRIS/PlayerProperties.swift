import Core
import DBusTypes

/// What a player's `org.mpris.MediaPlayer2.Player` properties say, read leniently: a property
/// of the wrong type is ignored (a strange player never breaks us), a missing one is unknown.
public struct PlayerProperties: Equatable, Sendable {
    public var status: PlaybackStatus?
    /// The capabilities that were present, and their values.
    public var known: PlayerCapabilities = []
    public var values: PlayerCapabilities = []

    public init() {}

    /// Reads a property map (`GetAll`'s reply, or `PropertiesChanged`'s changed properties).
    /// A map of another shape never gets here: the bodies' types refuse it.
    public init(_ properties: [String: Value]) {
        for (name, value) in properties {
            if name == "PlaybackStatus", case .string(let text) = value {
                status = PlaybackStatus(rawValue: text)
            } else if let capability = PlayerProperties.capabilities[name], case .boolean(let flag) = value {
                known.insert(capability)
                if flag { values.insert(capability) }
            }
        }
    }

    static let capabilities: [String: PlayerCapabilities] = [
        "CanControl": .control, "CanPlay": .play, "CanPause": .pause, "CanGoNext": .goNext,
        "CanGoPrevious": .goPrevious, "CanSeek": .seek,
    ]

    /// `base` updated with what these properties say.
    public func applied(to base: PlayerCapabilities) -> PlayerCapabilities {
        base.subtracting(known).union(values)
    }

    /// Capabilities of a player first seen: what it said, and true for what it left out
    /// (a player that omits `CanGoNext` is more likely careless than unable).
    public var initialCapabilities: PlayerCapabilities { applied(to: .all) }
}
