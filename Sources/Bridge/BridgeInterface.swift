import Core
import DBus
import DBusTypes
import MediaRemoteAPI

/// The bridge object's interface, `org.mediaremote.MediaRemote1`, as one table.
/// `dbus/org.mediaremote.MediaRemote1.xml` is its contract; a test holds the two together.
public enum BridgeInterface {
    /// The table, answering through `coordinator` (nil: only its shape, for `--bus-introspect`).
    static func make(_ coordinator: Coordinator?, version: String = MediaRemoteVersion.current) -> Interface {
        weak let bridge = coordinator
        func run(_ body: @escaping (Coordinator, MethodCall) throws -> [Value]) -> (MethodCall) throws -> [Value] {
            { call in
                guard let bridge else { throw DBusError.failed("MediaRemote is shutting down") }
                return try body(bridge, call)
            }
        }
        func later(_ body: @escaping (Coordinator, MethodCall) -> Void) -> (MethodCall) -> Void {
            { call in
                guard let bridge else { return call.fail(.failed("MediaRemote is shutting down")) }
                body(bridge, call)
            }
        }
        func property(_ read: @escaping (MediaRemoteProperties) -> Value) -> () -> Value {
            { read((bridge.map(PublishedState.init) ?? PublishedState.empty).properties) }
        }
        return Interface(
            MediaRemoteNames.interface,
            methods: [
                Method(MediaRemoteMembers.beginReceivingRemoteControlEvents, handler: run { try $0.beginReceiving($1) }),
                Method(MediaRemoteMembers.endReceivingRemoteControlEvents, handler: run { try $0.endReceiving($1) }),
                .deferred(
                    MediaRemoteMembers.becomeFirstResponder, in: [Argument("path", .objectPath)],
                    out: [Argument("success", .boolean)], handler: later { $0.becomeFirstResponder($1) }),
                Method(
                    MediaRemoteMembers.resignFirstResponder, in: [Argument("path", .objectPath)],
                    out: [Argument("success", .boolean)], handler: run { try $0.resignFirstResponder($1) }),
                .deferred(
                    MediaRemoteMembers.sendRemoteControlEvent, in: [Argument("subtype", .string)],
                    out: SendRemoteControlEventReply.fields.arguments,
                    handler: later { $0.sendRemoteControlEvent($1) }),
                .deferred(
                    MediaRemoteMembers.simulateMotion, in: [Argument("subtype", .string)], handler: later { $0.simulateMotion($1) }),
                Method(MediaRemoteMembers.shift, out: ShiftReply.fields.arguments, handler: run { bridge, _ in try bridge.shift(by: 1) }),
                Method(MediaRemoteMembers.unshift, out: ShiftReply.fields.arguments, handler: run { bridge, _ in try bridge.shift(by: -1) }),
                Method(
                    MediaRemoteMembers.describePlayers, out: DescribePlayersReply.fields.arguments,
                    handler: run { try $0.describePlayers($1) }),
                Method(MediaRemoteMembers.describeState, out: DescribeStateReply.fields.arguments, handler: run { try $0.describeState($1) }),
                Method(
                    MediaRemoteMembers.describeDevices, out: DescribeDevicesReply.fields.arguments,
                    handler: run { try $0.describeDevices($1) }),
                Method(MediaRemoteMembers.claimMotion, handler: run { try $0.claimMotion($1) }),
                Method(MediaRemoteMembers.releaseMotion, handler: run { try $0.releaseMotion($1) }),
                Method(MediaRemoteMembers.reload, handler: run { try $0.reload($1) }),
            ],
            properties: [
                Property(MediaRemoteMembers.version, String.dbusType, changeSignal: .constant, get: { .string(version) }),
                Property(MediaRemoteMembers.nowPlaying, String.dbusType, get: property(\.nowPlayingValue)),
                Property(MediaRemoteMembers.firstResponder, ObjectAddress.dbusType, get: property(\.firstResponderValue)),
                Property(MediaRemoteMembers.mode, String.dbusType, get: property(\.modeValue)),
                Property(MediaRemoteMembers.players, [MediaRemoteProperties.Player].dbusType, get: property(\.playersValue)),
            ],
            signals: [
                SignalMember(MediaRemoteMembers.eventDispatched, EventDispatched.fields.arguments)
            ]
        )
    }

    /// The introspection XML of the bridge object, as `--bus-introspect` prints it.
    public static func introspectionXML() -> String {
        Interface.introspectionDocument([make(nil)])
    }
}
