import DBusTypes

/// The names MediaRemote is known by on the bus (DESIGN.md, "Names"): the daemon owns them,
/// and every client and test calls them by these constants.
public enum MediaRemoteNames {
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
