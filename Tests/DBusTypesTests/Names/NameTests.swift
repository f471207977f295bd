import Testing

@testable import DBusTypes

@Suite("Names are validated once, at the edge")
struct NameTests {
    @Test(
        "valid bus names",
        arguments: [
            ":1.42", ":1.0", "org.freedesktop.DBus", "org.mpris.MediaPlayer2.vlc",
            "org.mpris.MediaPlayer2.vlc.instance1234", "com.example-app.Player", "a.b", "_a._b", ":abc.def-1",
        ])
    func validBusName(_ name: String) throws {
        #expect(try BusName(name).rawValue == name)
    }

    @Test(
        "invalid bus names",
        arguments: [
            "", "org", "org.", ".org", "org..x", "org.1abc", "org.ex ample", "org.ex/ample", ":", ":1",
            "org.é.x", String(repeating: "a.", count: 128) + "a",
        ])
    func invalidBusName(_ name: String) {
        #expect(throws: DBusError.self) { try BusName(name) }
    }

    @Test("unique names are told apart from well-known ones")
    func uniqueness() {
        #expect(BusName(":1.7").isUnique)
        #expect(!BusName("org.mediaremote.MediaRemote1").isUnique)
    }

    @Test("valid object paths", arguments: ["/", "/org", "/org/mpris/MediaPlayer2", "/a_b/c1/_", "/0"])
    func validPath(_ path: String) throws {
        #expect(try ObjectPath(path).rawValue == path)
    }

    @Test("invalid object paths", arguments: ["", "org", "/org/", "//", "/org//x", "/org/mpris-x", "/a.b", "/é", "/ a"])
    func invalidPath(_ path: String) {
        #expect(throws: DBusError.self) { try ObjectPath(path) }
    }

    @Test("path ancestry")
    func ancestry() {
        let path: ObjectPath = "/org/mediaremote/MediaRemote1"
        #expect(path.isDescendant(of: "/"))
        #expect(path.isDescendant(of: "/org"))
        #expect(path.isDescendant(of: "/org/mediaremote"))
        #expect(!path.isDescendant(of: path))
        #expect(!ObjectPath("/org/mediaremoteX").isDescendant(of: "/org/mediaremote"))
        #expect(path.elements == ["org", "mediaremote", "MediaRemote1"])
    }

    @Test("valid interface and error names", arguments: ["org.freedesktop.DBus.Properties", "a.b", "org.x_y.Z9"])
    func validInterface(_ name: String) throws {
        #expect(try InterfaceName(name).rawValue == name)
        #expect(try ErrorName(name).rawValue == name)
    }

    @Test(
        "invalid interface and error names",
        arguments: ["", "org", "org.mpris-x.Player", "org.1x", "org..x", "org.x.", "org x.y", String(repeating: "ab.", count: 90)])
    func invalidInterface(_ name: String) {
        #expect(throws: DBusError.self) { try InterfaceName(name) }
        #expect(throws: DBusError.self) { try ErrorName(name) }
    }

    @Test("valid member names", arguments: ["PlayPause", "a", "_x", "Get_All2", String(repeating: "m", count: 255)])
    func validMember(_ name: String) throws {
        #expect(try MemberName(name).rawValue == name)
    }

    @Test("invalid member names", arguments: ["", "1Play", "Play.Pause", "Play-Pause", "Play Pause", String(repeating: "m", count: 256)])
    func invalidMember(_ name: String) {
        #expect(throws: DBusError.self) { try MemberName(name) }
    }

    @Test("an invalid name says what is wrong, as InvalidArgs")
    func message() {
        let text = "/org/"
        do {
            _ = try ObjectPath(text)
            Issue.record("accepted '/org/'")
        } catch {
            #expect(error.name == .invalidArgs)
            #expect(error.message == "'/org/' is not a valid object path: it must not end with '/'")
        }
    }

    @Test("every kind of name says which kind it is when it refuses a string")
    func kindsNamed() {
        func refusal(_ make: (String) throws -> Void) -> String? {
            do {
                try make("1")
                return nil
            } catch {
                return (error as? DBusError)?.message
            }
        }
        let twoElements = "it needs at least two elements separated by '.'"
        #expect(refusal { _ = try BusName($0) } == "'1' is not a valid bus name: \(twoElements)")
        #expect(refusal { _ = try InterfaceName($0) } == "'1' is not a valid interface name: \(twoElements)")
        #expect(refusal { _ = try ErrorName($0) } == "'1' is not a valid error name: \(twoElements)")
        #expect(refusal { _ = try MemberName($0) } == "'1' is not a valid member name: it starts with a digit")
        #expect(refusal { _ = try ObjectPath($0) } == "'1' is not a valid object path: it must start with '/'")
    }
}
