import Core
import DBus
import DBusTypes

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
        func property(_ read: @escaping (PublishedState) -> Value) -> () -> Value {
            { bridge.map { read(PublishedState($0)) } ?? read(PublishedState.empty) }
        }
        return Interface(
            BridgeNames.interface,
            methods: [
                Method("BeginReceivingRemoteControlEvents", handler: run { try $0.beginReceiving($1) }),
                Method("EndReceivingRemoteControlEvents", handler: run { try $0.endReceiving($1) }),
                .deferred("BecomeFirstResponder", in: [Argument("path", .objectPath)], out: [Argument("success", .boolean)],
                          handler: later { $0.becomeFirstResponder($1) }),
                Method("ResignFirstResponder", in: [Argument("path", .objectPath)], out: [Argument("success", .boolean)],
                       handler: run { try $0.resignFirstResponder($1) }),
                .deferred(
                    "SendRemoteControlEvent", in: [Argument("subtype", .string)],
                    out: [Argument("handled", .boolean), Argument("bus_name", .string), Argument("path", .objectPath)],
                    handler: later { $0.sendRemoteControlEvent($1) }),
                .deferred("SimulateMotion", in: [Argument("subtype", .string)], handler: later { $0.simulateMotion($1) }),
                Method("Shift", out: [Argument("now_playing", .string)], handler: run { bridge, _ in try bridge.shift(by: 1) }),
                Method("Unshift", out: [Argument("now_playing", .string)], handler: run { bridge, _ in try bridge.shift(by: -1) }),
                Method("DescribePlayers", out: [Argument("players", .array(.dictionary(key: .string, value: .variant)))],
                       handler: run { try $0.describePlayers($1) }),
                Method("DescribeState", out: [Argument("state", .dictionary(key: .string, value: .variant))],
                       handler: run { try $0.describeState($1) }),
                Method("DescribeDevices",
                       out: [Argument("devices", .array(.structure([.string, .string, .string, .boolean, .string])))],
                       handler: run { try $0.describeDevices($1) }),
                Method("ClaimMotion", handler: run { try $0.claimMotion($1) }),
                Method("ReleaseMotion", handler: run { try $0.releaseMotion($1) }),
                Method("Reload", handler: run { try $0.reload($1) }),
            ],
            properties: [
                Property("Version", .string, changeSignal: .constant, get: { .string(version) }),
                Property("NowPlaying", .string, get: property(\.nowPlayingValue)),
                Property("FirstResponder", .structure([.string, .objectPath]), get: property(\.firstResponderValue)),
                Property("Mode", .string, get: property { .string($0.mode.rawValue) }),
                Property("Players", .array(.structure([.string, .string, .boolean])), get: property(\.playersValue)),
            ],
            signals: [
                SignalMember(
                    "EventDispatched",
                    [
                        Argument("type", .string), Argument("subtype", .string), Argument("phase", .string),
                        Argument("timestamp", .uint64), Argument("source", .string), Argument("handled", .boolean),
                        Argument("bus_name", .string), Argument("path", .objectPath), Argument("reason", .string),
                    ])
            ]
        )
    }

    /// The introspection XML of the bridge object, as `--bus-introspect` prints it.
    public static func introspectionXML() -> String {
        Interface.introspectionDocument([make(nil)])
    }
}
