import DBus

/// The names MediaRemote is known by on the bus (DESIGN.md, "Names").
public enum BridgeNames {
    public static let busName: BusName = "org.mediaremote.MediaRemote1"
    public static let objectPath: ObjectPath = "/org/mediaremote/MediaRemote1"
    public static let interface: InterfaceName = "org.mediaremote.MediaRemote1"
}

/// MediaRemote's version, reported by the `Version` property and both executables.
public enum MediaRemoteVersion {
    public static let current = "0.1.0"
}
