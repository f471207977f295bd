import DBus
import DBusTypes
import Loop

/// A test object with a method for every D-Bus type: it answers with what it was sent.
/// Peers we did not write (busctl, python3-dbus) call it to prove the wire format.
public enum EchoObject {
    public static let path: ObjectPath = "/org/mediaremote/Test"
    public static let interface: InterfaceName = "org.mediaremote.Test"

    public static let basics: [Field] = [
        Field("y", type: .byte), Field("b", type: .boolean), Field("n", type: .int16), Field("q", type: .uint16),
        Field("i", type: .int32), Field("u", type: .uint32), Field("x", type: .int64), Field("t", type: .uint64),
        Field("d", type: .double), Field("s", type: .string), Field("o", type: .objectPath), Field("g", type: .signature),
    ]

    public static let containers: [Field] = [
        Field("strings", type: .array(.string)),
        Field("map", type: .dictionary(key: .string, value: .variant)),
        Field("record", type: .structure([.int32, .string, .variant])),
        Field("matrix", type: .array(.array(.int32))),
        Field("nested", type: .dictionary(key: .objectPath, value: .dictionary(key: .string, value: .array(.structure([.int32, .int32]))))),
    ]

    /// Typed methods: their signatures come from their bodies' types.
    public static let fail = TypedMethod<Text, NoArguments>("Fail")
    public static let emit = TypedMethod<Text, NoArguments>("Emit")
    public static let greet = TypedMethod<Greeting, Greeting>("Greet")

    /// The interface; `state` backs its properties and records calls.
    public static func interface(state: State) -> Interface {
        Interface(
            interface,
            methods: [
                Method.untyped("Echo", in: [Field("value", type: .variant)], out: [Field("value", type: .variant)]) { call in
                    call.arguments
                },
                Method.untyped("EchoBasics", in: basics, out: basics) { call in call.arguments },
                Method.untyped("EchoContainers", in: containers, out: containers) { call in call.arguments },
                Method.untyped("EchoFD", in: [Field("fd", type: .unixFD)], out: [Field("fd", type: .unixFD)]) { call in call.arguments },
                Method(fail) { message, _ in throw DBusError("org.mediaremote.Test.Error.Requested", message.content) },
                Method.untyped("WrongOutput", out: [Field("number", type: .int32)]) { _ in [.string("not a number")] },
                .untypedDeferred("Later", in: [Field("milliseconds", type: .uint32)], out: [Field("done", type: .string)]) { call in
                    guard case .uint32(let ms) = call.arguments[0] else { return }
                    state.held.append(call)
                    let timer = try? state.loop.schedule(after: .milliseconds(Int64(ms))) {
                        call.reply([.string("done after \(ms) ms")])
                    }
                    state.timers.append(timer)
                },
                .untypedDeferred("Never", out: [Field("nothing", type: .string)]) { call in state.held.append(call) },
                .untypedDeferred("Dropped", out: [Field("nothing", type: .string)]) { _ in },
                Method(emit) { text, _ in
                    state.emitted.append(text.content)
                    return NoArguments()
                },
                Method(greet) { greeting, sender in
                    Greeting(name: greeting.name, times: greeting.times, text: "hello \(greeting.name) from \(sender?.rawValue ?? "nobody")")
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
            signals: [SignalMember("Ticked", [Field("count", type: .uint32), Field("label", type: .string)])]
        )
    }

    /// One string, named `text`.
    public struct Text: SingleFieldBody, Equatable {
        public var content: String
        public init(_ content: String) { self.content = content }
        public static var fieldName: String { "text" }
        public static var owner: String { "the text" }
    }

    /// A body of three fields, both ways: `Greet` answers with the text filled in.
    public struct Greeting: MessageBody, Equatable {
        public var name: String
        public var times: UInt32
        public var text: String

        public init(name: String, times: UInt32, text: String = "") {
            (self.name, self.times, self.text) = (name, times, text)
        }

        public static let fields = [Field("name", String.self), Field("times", UInt32.self), Field("text", String.self)]
        public var arguments: [Value] { [name.dbusValue, times.dbusValue, text.dbusValue] }

        public init(arguments: [Value]) throws(DBusError) {
            let field = try FieldReader(arguments, Self.fields, of: "a greeting")
            (name, times, text) = (try field("name"), try field("times"), try field("text"))
        }
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
