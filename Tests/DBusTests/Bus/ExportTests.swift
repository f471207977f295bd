import DBus
import DBusTypes
import Loop
import Testing
import TestSupport

@Suite("Exported objects: routing, named errors, properties")
struct ExportTests {
    @Test(
        "malformed calls get named errors and the object still answers",
        arguments: [
            ("Nope", [Value](), EchoObject.interface as InterfaceName?, EchoObject.path, ErrorName.unknownMethod),
            ("Echo", [.int32(1)], EchoObject.interface, EchoObject.path, .invalidArgs),
            ("Echo", [], EchoObject.interface, EchoObject.path, .invalidArgs),
            ("Echo", [.variant(.int32(1)), .variant(.int32(2))], EchoObject.interface, EchoObject.path, .invalidArgs),
            ("Echo", [.variant(.int32(1))], "org.mediaremote.Missing", EchoObject.path, .unknownInterface),
            ("Echo", [.variant(.int32(1))], EchoObject.interface, "/org/mediaremote/Elsewhere", .unknownObject),
            ("Get", [.string("org.mediaremote.Test")], .properties, EchoObject.path, .invalidArgs),
            ("Get", [.string("not an interface"), .string("Name")], .properties, EchoObject.path, .unknownInterface),
            ("Get", [.string("org.mediaremote.Test"), .string("Missing")], .properties, EchoObject.path, .unknownProperty),
            ("Get", [.string("org.mediaremote.Test"), .string("bad name!")], .properties, EchoObject.path, .unknownProperty),
            ("Set", [.string("org.mediaremote.Test"), .string("Count"), .variant(.uint32(1))], .properties, EchoObject.path,
             .propertyReadOnly),
            ("Set", [.string("org.mediaremote.Test"), .string("Name"), .variant(.int32(1))], .properties, EchoObject.path,
             .invalidArgs),
            ("Set", [.string("org.mediaremote.Test"), .string("Name"), .variant(.string(""))], .properties, EchoObject.path,
             .invalidArgs),
            ("Get", [.string("org.mediaremote.Test"), .string("Secret")], .properties, EchoObject.path, .invalidArgs),
            ("Get", [.string("org.mediaremote.Test"), .string("Broken")], .properties, EchoObject.path, .failed),
            ("Introspect", [.string("x")], .introspectable, EchoObject.path, .invalidArgs),
            ("WrongOutput", [], EchoObject.interface, EchoObject.path, .failed),
            ("Dropped", [], EchoObject.interface, EchoObject.path, .failed),
            ("Fail", [.string("as asked")], EchoObject.interface, EchoObject.path, "org.mediaremote.Test.Error.Requested"),
        ] as [(MemberName, [Value], InterfaceName?, ObjectPath, ErrorName)])
    func malformed(member: MemberName, arguments: [Value], interface: InterfaceName?, path: ObjectPath, expected: ErrorName) throws {
        let fixture = try BusFixture()
        #expect(fixture.answer(member, arguments, interface: interface, path: path) == .error(expected))
        #expect(fixture.answer("Echo", [.variant(.string("still here"))]) == .values([.variant(.string("still here"))]))
    }

    @Test("an error reply carries a sentence that says what was wrong")
    func errorMessage() throws {
        let fixture = try BusFixture()
        guard case .failure(let error) = fixture.call("Echo", [.int32(1)]) else {
            Issue.record("a wrong signature was accepted")
            return
        }
        #expect(error.message == "org.mediaremote.Test.Echo takes arguments of type 'v', not 'i'")
        guard case .failure(let failed) = fixture.call("Fail", [.string("as asked")]) else { return }
        #expect(failed.message == "as asked")
    }

    @Test("a call may leave out the interface")
    func withoutInterface() throws {
        let fixture = try BusFixture()
        #expect(fixture.answer("Echo", [.variant(.byte(1))], interface: nil) == .values([.variant(.byte(1))]))
    }

    @Test("Peer.Ping and GetMachineId are answered for any exported path")
    func peer() throws {
        let fixture = try BusFixture()
        #expect(fixture.answer("Ping", interface: .peer) == .values([]))
        guard case .values(let values) = fixture.answer("GetMachineId", interface: .peer), case .string(let id)? = values.first
        else {
            Issue.record("no machine id")
            return
        }
        #expect(id.count == 32)
    }

    @Test("properties: Get, GetAll with readable ones only, Set")
    func properties() throws {
        let fixture = try BusFixture()
        #expect(fixture.answer("Get", [.string("org.mediaremote.Test"), .string("Name")], interface: .properties)
                == .values([.variant(.string("echo"))]))
        #expect(fixture.answer("GetAll", [.string("org.mediaremote.Test")], interface: .properties) == .error(.failed),
                "a getter of the wrong type fails GetAll as a whole")
        #expect(fixture.answer("Set", [.string("org.mediaremote.Test"), .string("Name"), .variant(.string("new"))],
                               interface: .properties) == .values([]))
        #expect(fixture.state.name == "new")
    }

    @Test("a successful Set announces the change; PropertiesChanged carries values or invalidations")
    func propertiesChanged() throws {
        let fixture = try BusFixture()
        var seen: [Message] = []
        let subscription = fixture.client.subscribe(MatchRule(interface: .properties, member: "PropertiesChanged")) {
            seen.append($0)
        }
        defer { subscription.cancel() }
        #expect(fixture.answer("Set", [.string("org.mediaremote.Test"), .string("Name"), .variant(.string("renamed"))],
                               interface: .properties) == .values([]))
        fixture.state.count = 3
        try fixture.server.emitPropertiesChanged(["Count", "Name"], of: EchoObject.interface, at: EchoObject.path)
        fixture.loop.run(until: { seen.count == 2 }, timeout: .seconds(5))
        #expect(seen.count == 2)
        #expect(seen.first?.arguments == [
            .string("org.mediaremote.Test"), .stringVariantDictionary([("Name", .string("renamed"))]), .array(.string, []),
        ])
        #expect(seen.last?.arguments == [
            .string("org.mediaremote.Test"), .stringVariantDictionary([("Name", .string("renamed"))]),
            .array(.string, [.string("Count")]),
        ])
        #expect(seen.last?.sender == fixture.server.uniqueName)
    }

    @Test("signals are checked against the table")
    func signals() throws {
        let fixture = try BusFixture()
        var received: [[Value]] = []
        let subscription = fixture.client.subscribe(MatchRule(sender: fixture.server.uniqueName, interface: EchoObject.interface)) {
            received.append($0.arguments)
        }
        try fixture.server.emit("Ticked", of: EchoObject.interface, at: EchoObject.path, [.uint32(1), .string("one")])
        #expect(throws: DBusError.self) {
            try fixture.server.emit("Ticked", of: EchoObject.interface, at: EchoObject.path, [.string("wrong")])
        }
        #expect(throws: DBusError.self) { try fixture.server.emit("Undeclared", of: EchoObject.interface, at: EchoObject.path) }
        fixture.loop.run(until: { received.count == 1 }, timeout: .seconds(5))
        #expect(received == [[.uint32(1), .string("one")]])

        // After cancelling, nothing more arrives (a Ping round trip orders the check).
        subscription.cancel()
        try fixture.server.emit("Ticked", of: EchoObject.interface, at: EchoObject.path, [.uint32(2), .string("two")])
        #expect(fixture.answer("Ping", interface: .peer) == .values([]))
        #expect(received.count == 1)
    }

    @Test("introspection lists the table, the standard interfaces and child nodes")
    func introspection() throws {
        let fixture = try BusFixture()
        guard case .values(let values) = fixture.answer("Introspect", interface: .introspectable), case .string(let xml)? = values.first
        else {
            Issue.record("no XML")
            return
        }
        #expect(xml.contains("<interface name=\"org.mediaremote.Test\">"))
        #expect(xml.contains("<method name=\"Echo\">\n      <arg name=\"value\" type=\"v\" direction=\"in\"/>"))
        #expect(xml.contains("<property name=\"Name\" type=\"s\" access=\"readwrite\"/>"))
        #expect(xml.contains("<property name=\"Secret\" type=\"s\" access=\"write\">"))
        #expect(xml.contains("<signal name=\"Ticked\">"))
        #expect(xml.contains("<interface name=\"org.freedesktop.DBus.Properties\">"))
        guard case .values(let rootValues) = fixture.answer("Introspect", interface: .introspectable, path: "/org/mediaremote"),
            case .string(let parent)? = rootValues.first
        else {
            Issue.record("no XML for the parent node")
            return
        }
        #expect(parent.contains("<node name=\"Test\"/>"))
        #expect(!parent.contains("<interface"))
    }

    @Test("exporting twice at one path, or a standard interface, is refused")
    func exportErrors() throws {
        let fixture = try BusFixture()
        #expect(throws: DBusError.self) { try fixture.server.export([Interface("org.mediaremote.Other")], at: EchoObject.path) }
        #expect(throws: DBusError.self) { try fixture.server.export([Interface(.properties)], at: "/other") }
        fixture.server.unexport(EchoObject.path)
        #expect(fixture.answer("Echo", [.variant(.int32(1))]) == .error(.unknownObject))
    }
}

@Suite("A bound on the values a connection decodes from one message")
struct ValueLimitTests {
    static func strings(_ count: Int) -> Value { .variant(.array(.string, [Value](repeating: .string("x"), count: count))) }

    @Test("a call within the bound is answered; past it, LimitsExceeded; the object still answers")
    func calls() throws {
        let fixture = try BusFixture()
        // The variant, its array and the array's strings: 2 + count values.
        fixture.server.maximumValuesPerMessage = 12
        #expect(fixture.answer("Echo", [Self.strings(10)]) == .values([Self.strings(10)]))
        guard case .failure(let error) = fixture.call("Echo", [Self.strings(11)]) else {
            Issue.record("a call past the bound was decoded")
            return
        }
        #expect(error.name == .limitsExceeded)
        #expect(error.message == "the message holds more than 12 values, the most this connection reads")
        // Refused by its signature before anything is decoded, however large.
        #expect(fixture.answer("Echo", [.array(.int32, [Value](repeating: .int32(7), count: 100_000))]) == .error(.invalidArgs))
        #expect(fixture.answer("Echo", [.variant(.string("still here"))]) == .values([.variant(.string("still here"))]))
    }

    @Test("a signal past the bound is dropped and counted; a reply past it fails the call")
    func signalsAndReplies() throws {
        let fixture = try BusFixture()
        fixture.client.maximumValuesPerMessage = 12
        var heard: [Int] = []
        let subscription = fixture.client.subscribe(MatchRule(interface: "org.mediaremote.Test", member: "Sizes")) {
            if case .array(_, let items)? = $0.arguments.first { heard.append(items.count) }
        }
        defer { subscription.cancel() }
        for count in [11, 12, 3] {
            _ = try fixture.server.send(.signal(path: EchoObject.path, interface: "org.mediaremote.Test", member: "Sizes",
                                                arguments: [.array(.int32, [Value](repeating: .int32(1), count: count))]))
        }
        fixture.loop.run(until: { heard.count == 2 }, timeout: .seconds(5))
        #expect(heard == [11, 3])
        #expect(fixture.client.oversizedSignalsDropped == 1)
        guard case .failure(let error) = fixture.call("Echo", [Self.strings(11)]) else {
            Issue.record("a reply past the bound was decoded")
            return
        }
        #expect(error.name == .limitsExceeded)
    }
}
