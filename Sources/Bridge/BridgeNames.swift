import DBus

/// The names MediaRemote is known by on the bus (DESIGN.md, "Names").
public enum BridgeNames {
    public static let busName: BusName = "org.mediaremote.MediaRemote1"
    public static let objectPath: ObjectPath = "/org/mediaremote/MediaRemote1"
    public static let interface: InterfaceName = "org.mediaremote.MediaRemote1"
    /// The interface a player's own objects implement to receive typed events.
    public static let responderInterface: InterfaceName = "org.mediaremote.Responder1"
    /// MediaRemote's own error names.
    public static let limitExceeded: ErrorName = "org.mediaremote.MediaRemote1.Error.LimitExceeded"
    public static let invalidConfiguration: ErrorName = "org.mediaremote.MediaRemote1.Error.InvalidConfiguration"
}

/// What MediaRemote reads of any peer's message (calls to it, players' signals and replies).
public enum BridgeLimits {
    /// No call MediaRemote takes and no MPRIS player's state needs more than a few hundred
    /// values; decoded, each costs a few dozen bytes, so this bounds one message to a few MB.
    public static let valuesPerMessage = 65_536
}

/// MediaRemote's version, reported by the `Version` property and both executables.
public enum MediaRemoteVersion {
    public static let current = "0.1.0"
}
