import DBusTypes

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
    public static let noPlayer: ErrorName = "org.mediaremote.MediaRemote1.Error.NoPlayer"
}

/// MediaRemote's version, reported by the `Version` property and both executables.
public enum MediaRemoteVersion {
    public static let current = "0.1.0"
}
