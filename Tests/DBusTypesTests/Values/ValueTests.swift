import Testing

@testable import DBusTypes

@Suite("Values: every D-Bus type, typed conversion, and what cannot be sent")
struct ValueTests {
    static let samples: [(Value, String)] = [
        (.byte(7), "y"), (.boolean(true), "b"), (.int16(-3), "n"), (.uint16(3), "q"), (.int32(-70000), "i"),
        (.uint32(70000), "u"), (.int64(-1 << 40), "x"), (.uint64(1 << 63), "t"), (.double(0.5), "d"),
        (.string("héllo"), "s"), (.objectPath("/a/b"), "o"), (.signature("a{sv}"), "g"),
        (.variant(.int32(1)), "v"), (.array(.string, []), "as"), (.array(.int32, [.int32(1), .int32(2)]), "ai"),
        (.stringVariantDictionary([("a", .boolean(false))]), "a{sv}"),
        (.structure([.int32(1), .array(.string, [.string("x")])]), "(ias)"),
        (.dictionary(key: .objectPath, value: .array(.structure([.int32, .int32])), []), "a{oa(ii)}"),
    ]

    @Test("each value knows its type", arguments: samples)
    func types(_ value: Value, _ signature: String) {
        #expect(value.type.description == signature)
        #expect(value.problem == nil)
    }

    @Test(
        "values that cannot be sent say why",
        arguments: [
            (Value.string("a\u{0}b"), "a string contains a NUL character"),
            (.array(.int32, [.string("x")]), "an array of 'i' holds a 's'"),
            (.dictionary(key: .string, value: .int32, [.init(.int32(1), .int32(1))]), "a dictionary with 's' keys holds a 'i' key"),
            (.dictionary(key: .string, value: .int32, [.init(.string("k"), .byte(1))]), "a dictionary of 'i' values holds a 'y' value"),
            (.dictionary(key: .variant, value: .int32, []), "a dictionary key must be a basic type, not 'v'"),
            (.structure([]), "a structure must have at least one field"),
            (.variant(.array(.string, [.string("ok"), .string("\u{0}")])), "a string contains a NUL character"),
            (nested(variants: 65), "containers are nested deeper than 64"),
            (nested(arrays: 33), "arrays are nested deeper than 32"),
        ])
    func problems(_ value: Value, _ reason: String) {
        #expect(value.problem?.hasSuffix(reason) == true, "\(value.problem ?? "no problem")")
    }

    static func nested(variants: Int) -> Value {
        (0..<variants).reduce(Value.int32(0)) { inner, _ in .variant(inner) }
    }

    static func nested(arrays: Int) -> Value {
        (0..<arrays).reduce(Value.int32(0)) { inner, _ in .array(inner.type, [inner]) }
    }

    @Test("Swift values convert both ways")
    func conversion() throws {
        #expect(try Int32(dbusValue: .int32(5)) == 5)
        #expect(try String(dbusValue: .variant(.string("v"))) == "v")
        #expect(try [String](dbusValue: .array(.string, [.string("a"), .string("b")])) == ["a", "b"])
        let map: [String: Value] = try .init(dbusValue: .stringVariantDictionary([("n", .int64(1)), ("s", .string("x"))]))
        #expect(map == ["n": .int64(1), "s": .string("x")])
        #expect(["k": Int32(1)].dbusValue == .dictionary(key: .string, value: .int32, [.init(.string("k"), .int32(1))]))
        #expect([UInt8]().dbusValue == .array(.byte, []))
        #expect(ObjectPath("/x").dbusValue == .objectPath("/x"))
        #expect(true.dbusValue.type == Bool.dbusType)
    }

    @Test("a type mismatch names both types")
    func mismatch() {
        do {
            _ = try Int32(dbusValue: .string("5"))
            Issue.record("decoded a string as Int32")
        } catch {
            #expect(error.name == .invalidArgs)
            #expect(error.message == "expected a value of type 'i', got 's'")
        }
        #expect(throws: DBusError.self) { try [Int32](dbusValue: .array(.string, [.string("x")])) }
    }

    @Test("readable descriptions")
    func descriptions() {
        #expect(Value.stringVariantDictionary([("a", .int32(1))]).description == "{'a': <1>}")
        #expect(Value.array(.string, []).description == "@as []")
        #expect(Value.structure([.string("x"), .boolean(true)]).description == "('x', true)")
    }
}
