import Core
import DBus
import DBusTypes
import MediaRemoteAPI

/// The bridge object's interface, `org.mediaremote.MediaRemote1`, as one table.
/// `dbus/org.mediaremote.MediaRemote1.xml` is its contract; a test holds the two together.
/// Each entry is a member of ``MediaRemoteMembers``, whose Swift types give the signature, the
/// check of a call's arguments and the reply, so a handler that disagrees does not compile; a
/// handler throws only `DBusError`s, each with the D-Bus error name the caller receives.
public enum BridgeInterface {
    /// The table, answering through `coordinator` (nil: only its shape, for `--bus-introspect`).
    static func make(_ coordinator: Coordinator?) -> Interface {
        weak let bridge = coordinator
        func now<Input, Output>(
            _ member: TypedMethod<Input, Output>, _ body: @escaping (Coordinator, Input, AppID) throws(DBusError) -> Output
        ) -> Method {
            Method(member) { input, sender throws(DBusError) in
                guard let bridge else { throw DBusError.failed("MediaRemote is shutting down") }
                return try body(bridge, input, try Coordinator.caller(sender))
            }
        }
        func later<Input, Output>(
            _ member: TypedMethod<Input, Output>, _ body: @escaping (Coordinator, Input, AppID, TypedCall<Output>) throws(DBusError) -> Void
        ) -> Method {
            .deferred(member) { input, call in
                do throws(DBusError) {
                    guard let bridge else { throw DBusError.failed("MediaRemote is shutting down") }
                    try body(bridge, input, try Coordinator.caller(call.sender), call)
                } catch {
                    call.fail(error)
                }
            }
        }
        func read(_ published: MediaRemoteProperties.Published) -> () -> Value {
            { published.value((bridge.map(\.publishedState) ?? PublishedState.empty).properties) }
        }
        typealias Members = MediaRemoteMembers
        return Interface(
            MediaRemoteNames.interface,
            methods: [
                now(Members.beginReceivingRemoteControlEvents) { $0.beginReceiving($2) },
                now(Members.endReceivingRemoteControlEvents) { $0.endReceiving($2) },
                later(Members.becomeFirstResponder) { bridge, path, app, call throws(DBusError) in
                    try bridge.becomeFirstResponder(path.content, of: app, call: call)
                },
                now(Members.resignFirstResponder) { $0.resignFirstResponder($1.content, of: $2) },
                later(Members.sendRemoteControlEvent) { bridge, subtype, _, call throws(DBusError) in
                    try bridge.sendRemoteControlEvent(subtype.content, call: call)
                },
                later(Members.simulateMotion) { bridge, subtype, _, call throws(DBusError) in try bridge.simulateMotion(subtype.content, call: call) },
                now(Members.shift) { bridge, _, _ throws(DBusError) in try bridge.shift(by: 1) },
                now(Members.unshift) { bridge, _, _ throws(DBusError) in try bridge.shift(by: -1) },
                now(Members.describePlayers) { bridge, _, _ in bridge.describePlayers() },
                now(Members.describeState) { bridge, _, _ in bridge.describeState() },
                now(Members.describeDevices) { bridge, _, _ in bridge.describeDevices() },
                now(Members.claimMotion) { bridge, _, app throws(DBusError) in try bridge.claimMotion(app) },
                now(Members.releaseMotion) { bridge, _, app throws(DBusError) in try bridge.releaseMotion(app) },
                now(Members.reload) { bridge, _, _ throws(DBusError) in try bridge.reload() },
            ],
            properties: MediaRemoteProperties.published.map {
                Property($0.name, $0.type, changeSignal: $0.isConstant ? .constant : .emitsValue, get: read($0))
            },
            signals: [SignalMember(Members.eventDispatched), SignalMember(Members.resuming), SignalMember(Members.shakeNotTaken)]
        )
    }

    /// The introspection XML of the bridge object, as `--bus-introspect` prints it.
    public static func introspectionXML() -> String {
        Interface.introspectionDocument([make(nil)])
    }
}
