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
    /// (A map of another shape reads as empty: ``LenientPropertyMap``.)
    public init(_ properties: [String: Value]) {
        if let text = MPRISMembers.playbackStatus.value(in: properties) { status = PlaybackStatus(rawValue: text) }
        for (capability, property) in Self.capabilities {
            guard let flag = property.value(in: properties) else { continue }
            known.insert(capability)
            if flag { values.insert(capability) }
        }
    }

    /// Each capability with the property that says it, in the specification's order.
    public static let capabilities: [(PlayerCapabilities, TypedProperty<Bool>)] = [
        (.control, MPRISMembers.canControl), (.play, MPRISMembers.canPlay), (.pause, MPRISMembers.canPause),
        (.goNext, MPRISMembers.canGoNext), (.goPrevious, MPRISMembers.canGoPrevious), (.seek, MPRISMembers.canSeek),
    ]

    /// The names of the properties saying what `capabilities` holds.
    public static func names(of capabilities: PlayerCapabilities) -> [MemberName] {
        Self.capabilities.filter { capabilities.contains($0.0) }.map(\.1.name)
    }

    /// `base` updated with what these properties say.
    public func applied(to base: PlayerCapabilities) -> PlayerCapabilities {
        base.subtracting(known).union(values)
    }

    /// Capabilities of a player first seen: what it said, and true for what it left out
    /// (a player that omits `CanGoNext` is more likely careless than unable).
    public var initialCapabilities: PlayerCapabilities { applied(to: .all) }
}
