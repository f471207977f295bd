import DBus
import DBusTypes
import MediaRemoteAPI

/// `org.mediaremote.Input1` as one table (`dbus/org.mediaremote.Input1.xml` is its contract; a
/// test holds the two together).
public enum InputInterface {
    /// The table, answering through `daemon` (nil: only its shape, for `--bus-introspect`).
    static func make(_ daemon: InputDaemon?) -> Interface {
        weak let service = daemon
        return Interface(
            InputServiceNames.interface,
            methods: [
                .deferred(InputServiceMembers.claimMediaKeys) { _, call in
                    guard let service else { return call.fail(.failed("mediaremote-inputd is stopping")) }
                    service.claim(from: call.sender, call: call)
                },
                Method(InputServiceMembers.releaseMediaKeys) { _, sender in
                    service?.release(from: sender)
                    return NoArguments()
                },
            ],
            properties: [
                Property(InputServiceMembers.version.name, String.dbusType, changeSignal: .constant, get: { MediaRemoteVersion.current.dbusValue })
            ],
            signals: [SignalMember(InputServiceMembers.mediaKey), SignalMember(InputServiceMembers.keyboardsChanged)]
        )
    }

    /// The introspection XML, as `--bus-introspect` prints it.
    public static func introspectionXML() -> String {
        Interface.introspectionDocument([make(nil)])
    }
}
