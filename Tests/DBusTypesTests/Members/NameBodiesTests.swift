import DBusTypes
import Testing

/// The bus's own bodies about names read as typed names, checked once as they are read: none is
/// nil, a name that is not one refuses the body, naming the field.
@Suite("The bus's name bodies, typed")
struct NameBodiesTests {
    @Test("NameOwnerChanged: a name, and its owners with \"\" as none")
    func nameOwnerChanged() throws {
        let appeared = try NameOwnerChange(arguments: [.string("org.mpris.MediaPlayer2.mpv"), .string(""), .string(":1.42")])
        #expect(appeared == NameOwnerChange(name: "org.mpris.MediaPlayer2.mpv", oldOwner: nil, newOwner: ":1.42"))
        let left = try NameOwnerChange(arguments: [.string(":1.42"), .string(":1.42"), .string("")])
        #expect(left.oldOwner == ":1.42" && left.newOwner == nil)
        // Round trip: what is written reads back the same.
        #expect(try NameOwnerChange(arguments: appeared.arguments) == appeared)
    }

    @Test("a name that is not one refuses the body", arguments: [
        [Value.string("not a name"), .string(""), .string(":1.1")],
        [.string("org.a"), .string("no spaces allowed"), .string("")],
        [.string("org.a"), .string(""), .string("1leading.digit")],
    ])
    func refused(_ arguments: [Value]) {
        #expect(throws: DBusError.self) { try NameOwnerChange(arguments: arguments) }
    }

    @Test("the field with the bad name is named")
    func fieldNamed() {
        #expect(throws: DBusError.self) { try NameOwnerChange(arguments: [.string("org.a"), .string("bad name"), .string("")]) }
        let error = #expect(throws: DBusError.self) { try NameOwnerChange(arguments: [.string("org.a"), .string(""), .string("bad name")]) }
        #expect(error?.message.hasPrefix("NameOwnerChanged's new_owner: ") == true, "\(error?.message ?? "no error")")
    }

    @Test("ListNames and GetNameOwner's answers are names")
    func lists() throws {
        #expect(try NameList(arguments: [.array(.string, [.string("org.freedesktop.DBus"), .string(":1.7")])]).content == ["org.freedesktop.DBus", ":1.7"])
        #expect(throws: DBusError.self) { try NameList(arguments: [.array(.string, [.string("")])]) }
        #expect(try NameArgument(arguments: [.string(":1.7")]).content == ":1.7")
    }
}
