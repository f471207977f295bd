import Core
import DBus
import DBusTypes
import MediaRemoteAPI

/// The bridge object's interface, `org.mediaremote.MediaRemote1`, as one table.
/// `dbus/org.mediaremote.MediaRemote1.xml` is its contract; a test holds the two together.
/// Each entry is a member of ``MediaRemoteMembers``, whose Swift types give the signature, the
/// check of a call's arguments and the reply, so a handler that disagrees does not compile.
public enum BridgeInterface {
    /// The table, answering through `coordinator` (nil: only its shape, for `--bus-introspect`).
    static func make(_ coordinator: Coordinator?) -> Interface {
        weak let bridge = coordinator
        func now<Input, Output>(
            _ member: TypedMethod<Input, Output>, _ body: @escaping (Coordinator, Input, AppID) throws -> Output
        ) -> Method {
            Method(member) { input, sender throws in
                guard let bridge else { throw DBusError.failed("MediaRemote is shutting down") }
                return try body(bridge, input, try Coordinator.caller(sender))
            }
        }
        func later<Input, Output>(
            _ member: TypedMethod<Input, Output>, _ body: @escaping (Coordinator, Input, AppID, TypedCall<Output>) throws -> Void
        ) -> Method {
            .deferred(member) { input, call in
                do {
                    guard let bridge else { throw DBusError.failed("MediaRemote is shutting down") }
                    try body(bridge, input, try Coordinator.caller(call.sender), call)
                } catch {
                    call.fail(DBusError(describing: error))
                }
            }
        }
        func read(_ published: MediaRemoteProperties.Published) -> () -> Value {
            { published.value((bridge.map(PublishedState.init) ?? PublishedState.empty).properties) }
        }
        typealias Members = MediaRemoteMembers
        return Interface(
            MediaRemoteNames.interface,
            methods: [
                now(Members.beginReceivingRemoteControlEvents) { $0.beginReceiving($2) },
                now(Members.endReceivingRemoteControlEvents) { $0.endReceiving($2) },
                later(Members.becomeFirstResponder) { try $0.becomeFirstResponder($1.content, of: $2, call: $3) },
                now(Members.resignFirstResponder) { $0.resignFirstResponder($1.content, of: $2) },
                later(Members.sendRemoteControlEvent) { try $0.sendRemoteControlEvent($1.content, call: $3) },
                later(Members.simulateMotion) { try $0.simulateMotion($1.content, call: $3) },
                now(Members.shift) { bridge, _, _ in try bridge.shift(by: 1) },
                now(Members.unshift) { bridge, _, _ in try bridge.shift(by: -1) },
                now(Members.describePlayers) { bridge, _, _ in bridge.describePlayers() },
                now(Members.describeState) { bridge, _, _ in bridge.describeState() },
                now(Members.describeDevices) { bridge, _, _ in bridge.describeDevices() },
                now(Members.claimMotion) { try $0.claimMotion($2) },
                now(Members.releaseMotion) { try $0.releaseMotion($2) },
                now(Members.reload) { bridge, _, _ in try bridge.reload() },
            ],
            properties: MediaRemoteProperties.published.map {
                Property($0.name, $0.type, changeSignal: $0.isConstant ? .constant : .emitsValue, get: read($0))
            },
            signals: [SignalMember(Members.eventDispatched)]
        )
    }

    /// The introspection XML of the bridge object, as `--bus-introspect` prints it.
    public static func introspectionXML() -> String {
        Interface.introspectionDocument([make(nil)])
    }
}
