import DBus
import DBusTypes
import Loop
import Testing
import TestSupport

/// Properties that live elsewhere (a proxy's, standing for another object): read through on
/// `Get` and `GetAll`, written through on `Set`, each answered when the other side answers.
@Suite("Properties read and written through")
struct PassThroughPropertyTests {
    static let path: ObjectPath = "/org/mediaremote/Through"
    static let interface: InterfaceName = "org.mediaremote.Through"

    /// What the far side holds, answering after a delay as a remote object would.
    final class FarSide {
        var position: Int64 = 42_000_000
        var volume = 0.5
        var refuse = false
        var pending: [Timer] = []
    }

    static func export(_ fixture: BusFixture, _ far: FarSide) throws {
        let loop = fixture.loop
        try fixture.server.export([
            Interface(interface, properties: [
                Property("Plain", .string, get: { .string("here") }),
                .readThrough("Position", .int64, fallback: { .int64(0) }) { answer in
                    let timer = try? loop.schedule(after: .milliseconds(20)) { answer(.int64(far.position)) }
                    if let timer { far.pending.append(timer) }
                },
                .readThrough("Wrong", .int64, fallback: { .int64(-1) }) { answer in answer(.string("not a number")) },
                .writeThrough("Volume", .double, get: { .double(far.volume) }) { value, done in
                    let timer = try? loop.schedule(after: .milliseconds(20)) {
                        guard !far.refuse, case .double(let volume) = value else {
                            return done(DBusError(.propertyReadOnly, "the far side refuses"))
                        }
                        far.volume = volume
                        done(nil)
                    }
                    if let timer { far.pending.append(timer) }
                },
            ])
        ], at: path)
    }

    @Test("GetAll waits for the values read through, as Get does; a fetched value of the wrong type keeps the fallback")
    func getAll() throws {
        let fixture = try BusFixture()
        let far = FarSide()
        try Self.export(fixture, far)
        #expect(fixture.answer("Get", [.string(Self.interface.rawValue), .string("Position")], interface: .properties, path: Self.path)
                == .values([.variant(.int64(42_000_000))]))
        far.position = 43_000_000
        #expect(fixture.answer("GetAll", [.string(Self.interface.rawValue)], interface: .properties, path: Self.path)
                == .values([.stringVariantDictionary([
                    ("Plain", .string("here")), ("Position", .int64(43_000_000)), ("Wrong", .int64(-1)), ("Volume", .double(0.5)),
                ])]))
    }

    @Test("Set is answered when the far side took the value, which Get then reads and PropertiesChanged announces")
    func set() throws {
        let fixture = try BusFixture()
        let far = FarSide()
        try Self.export(fixture, far)
        var changes: [Message] = []
        let subscription = fixture.client.subscribe(MatchRule(interface: .properties, member: "PropertiesChanged")) { changes.append($0) }
        defer { subscription.cancel() }
        #expect(fixture.answer("Set", [.string(Self.interface.rawValue), .string("Volume"), .variant(.double(0.25))],
                               interface: .properties, path: Self.path) == .values([]))
        #expect(far.volume == 0.25)
        #expect(fixture.answer("Get", [.string(Self.interface.rawValue), .string("Volume")], interface: .properties, path: Self.path)
                == .values([.variant(.double(0.25))]))
        fixture.loop.run(until: { !changes.isEmpty }, timeout: .seconds(5))
        #expect(changes.first?.arguments[1] == .stringVariantDictionary([("Volume", .double(0.25))]))
    }

    @Test("a value the far side refuses: its error is the answer, and nothing changed")
    func refused() throws {
        let fixture = try BusFixture()
        let far = FarSide()
        far.refuse = true
        try Self.export(fixture, far)
        #expect(fixture.answer("Set", [.string(Self.interface.rawValue), .string("Volume"), .variant(.double(0.25))],
                               interface: .properties, path: Self.path) == .error(.propertyReadOnly))
        #expect(far.volume == 0.5)
        #expect(fixture.answer("Set", [.string(Self.interface.rawValue), .string("Volume"), .variant(.string("loud"))],
                               interface: .properties, path: Self.path) == .error(.invalidArgs))
    }

    @Test("introspection says a property written through is readwrite")
    func introspection() throws {
        let fixture = try BusFixture()
        try Self.export(fixture, FarSide())
        guard case .values(let values) = fixture.answer("Introspect", interface: .introspectable, path: Self.path),
            case .string(let xml)? = values.first
        else {
            Issue.record("no introspection")
            return
        }
        #expect(xml.contains(#"<property name="Volume" type="d" access="readwrite"/>"#), "\(xml)")
        #expect(xml.contains(#"<property name="Position" type="x" access="read">"#), "\(xml)")
    }
}
