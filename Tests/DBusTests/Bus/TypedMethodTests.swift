import DBus
import DBusTypes
import Loop
import Testing
import TestSupport

@Suite("Typed methods: the table, the check and the reply come from the handler's Swift types")
struct TypedMethodTests {
    /// Calls `method` typed, as a client of the contract does.
    static func call<Input, Output>(_ fixture: BusFixture, _ method: TypedMethod<Input, Output>, _ input: Input) -> Result<Output, DBusError> {
        var result: Result<Output, DBusError>?
        fixture.client.call(
            method, input, destination: fixture.server.uniqueName, path: EchoObject.path, interface: EchoObject.interface,
            timeout: .seconds(5)
        ) { result = $0 }
        fixture.loop.run(until: { result != nil }, timeout: .seconds(10))
        return result ?? .failure(.failed("the test loop gave up waiting"))
    }

    @Test("a typed call round-trips a three-field body, and the handler sees the caller")
    func roundTrip() throws {
        let fixture = try BusFixture()
        let reply = try Self.call(fixture, EchoObject.greet, EchoObject.Greeting(name: "ada", times: 3)).get()
        #expect(reply == EchoObject.Greeting(name: "ada", times: 3, text: "hello ada from \(fixture.client.uniqueName)"))
        // A method that answers nothing, typed: the handler ran with the argument.
        _ = try Self.call(fixture, EchoObject.emit, EchoObject.Text("tick")).get()
        #expect(fixture.state.emitted == ["tick"])
    }

    @Test("the table's signature is the body's: introspection shows the fields' names and types")
    func introspected() throws {
        let fixture = try BusFixture()
        guard case .values(let values) = fixture.answer("Introspect", interface: .introspectable), case .string(let xml)? = values.first
        else { Issue.record("no introspection"); return }
        for arg in [#"<arg name="name" type="s" direction="in"/>"#, #"<arg name="times" type="u" direction="in"/>"#,
                    #"<arg name="text" type="s" direction="out"/>"#] {
            #expect(xml.contains(arg), "\(arg)")
        }
    }

    @Test("a call whose arguments are not the body's is refused before the handler runs")
    func refused() throws {
        let fixture = try BusFixture()
        guard case .failure(let error) = fixture.call("Greet", [.string("ada"), .int32(3), .string("")]) else {
            Issue.record("a wrong signature was answered"); return
        }
        #expect(error.name == .invalidArgs)
        #expect(error.message.contains("'sus'"), "\(error.message)")
        // Emit's handler records each call: refused, it never ran; called right, it did.
        guard case .failure(let refusal) = fixture.call("Emit", [.int32(3)]) else {
            Issue.record("a wrong signature was answered"); return
        }
        #expect(refusal.name == .invalidArgs)
        #expect(fixture.state.emitted.isEmpty)
        _ = fixture.call("Emit", [.string("ran")])
        #expect(fixture.state.emitted == ["ran"])
    }

    @Test("a reply that does not read as the output is UnreadableReply naming the field, not a default nor the peer's error")
    func unreadableReply() throws {
        let fixture = try BusFixture()
        // A client whose contract says Emit answers a Greeting, talking to one that answers nothing.
        let drifted = TypedMethod<EchoObject.Text, EchoObject.Greeting>("Emit")
        let result = Self.call(fixture, drifted, EchoObject.Text("x"))
        guard case .failure(let error) = result else { Issue.record("read a Greeting out of one value"); return }
        #expect(error.name == .unreadableReply)
        #expect(error.message == "a greeting has 3 fields ('sus'), got 0 ('')", "\(error.message)")
    }
}
