import DBus

/// The bridge object's interface, `org.mediaremote.MediaRemote1`, as one table.
/// `dbus/org.mediaremote.MediaRemote1.xml` is its contract; a test holds the two together.
public enum BridgeInterface {
    public static func make(version: String = MediaRemoteVersion.current) -> Interface {
        Interface(
            BridgeNames.interface,
            properties: [
                Property("Version", .string, changeSignal: .constant, get: { .string(version) })
            ]
        )
    }

    /// The introspection XML of the bridge object, as `--bus-introspect` prints it.
    public static func introspectionXML() -> String {
        Interface.introspectionDocument([make()])
    }
}
