import DBus
import DBusTypes
import Loop

/// A test object with a method for every D-Bus type: it answers with what it was sent.
/// Peers we did not write (busctl, python3-dbus) call it to prove the wire format.
public enum EchoObject {
    public static let path: ObjectPath = "/org/mediaremote/Test"
    public static let interface: InterfaceName = "org.mediaremote.Test"

    public static let basics: [Argument] = [
        Argument("y", .byte), Argument("b", .boolean), Argument("n", .int16), Argument("q", .uint16),
        Argument("i", .int32), Argument("u", .uint32), Argument("x", .int64), Argument("t", .uint64),
        Argument("d", .double), Argument("s", .string), Argument("o", .objectPath), Argument("g", .signature),
    ]

    public static let containers: [Argument] = [
        Argument("strings", .array(.string)),
        Argument("map", .dictionary(key: .string, value: .variant)),
        Argument("record", .structure([.int32, .string, .variant])),
        Argument("matrix", .array(.array(.int32))),
        Argument("nested", .dictionary(key: .objectPath, value: .dictionary(key: .string, value: .array(.structure([.int32, .int32]))))),
    ]

    /// The interface; `state` backs its properties and records calls.
    public static func interface(state: State) -> Interface {
        Interface(
            interface,
            methods: [
                Method("Echo", in: [Argument("value", .variant)], out: [Argument("value", .variant)]) { call in
                    call.arguments
                },
                Method("EchoBasics", in: basics, out: basics) { call in call.arguments },
                Method("EchoContainers", in: containers, out: containers) { call in call.arguments },
                Method("EchoFD", in: [Argument("fd", .unixFD)], out: [Argument("fd", .unixFD)]) { call in call.arguments },
                Method("Fail", in: [Argument("message", .string)]) { call in
                    throw DBusError("org.mediaremote.Test.Error.Requested", try call.argument(0, as: String.self))
                },
                Method("WrongOutput", out: [Argument("number", .int32)]) { _ in [.string("not a number")] },
                .deferred("Later", in: [Argument("milliseconds", .uint32)], out: [Argument("done", .string)]) { call in
                    guard case .uint32(let ms) = call.arguments[0] else { return }
                    state.held.append(call)
                    let timer = try? state.loop.schedule(after: .milliseconds(Int64(ms))) {
                        call.reply([.string("done after \(ms) ms")])
                    }
                    state.timers.append(timer)
                },
                .deferred("Never", out: [Argument("nothing", .string)]) { call in state.held.append(call) },
                .deferred("Dropped", out: [Argument("nothing", .string)]) { _ in },
                Method("Emit", in: [Argument("text", .string)]) { call in
                    state.emitted.append(try call.argument(0, as: String.self))
                    return []
                },
            ],
            properties: [
                Property("Name", .string, get: { .string(state.name) }) { value in
                    let name: String = try value.decode()
                    guard !name.isEmpty else { throw DBusError.invalidArgs("Name must not be empty") }
                    state.name = name
                },
                Property("Count", .uint32, changeSignal: .invalidates, get: { .uint32(state.count) }),
                Property("Secret", .string, changeSignal: .none, get: nil) { value in state.name = try value.decode() },
                Property("Broken", .int32, get: { .string("wrong type") }),
            ],
            signals: [SignalMember("Ticked", [Argument("count", .uint32), Argument("label", .string)])]
        )
    }

    /// What the test object remembers.
    public final class State {
        public var name = "echo"
        public var count: UInt32 = 0
        public var emitted: [String] = []
        public var held: [MethodCall] = []
        let loop: EventLoop
        var timers: [Timer?] = []
        public init(loop: EventLoop) { self.loop = loop }
    }
}
