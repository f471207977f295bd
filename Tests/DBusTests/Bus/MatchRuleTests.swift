import DBusTypes
import Testing

@testable import DBus

@Suite("Match rules: the bus's syntax, and local matching")
struct MatchRuleTests {
    @Test("a rule prints in the bus's syntax, quotes escaped")
    func syntax() {
        let rule = MatchRule(sender: .bus, interface: .bus, member: "NameOwnerChanged", arguments: [0: "it's"])
        #expect(
            rule.description
                == "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='it'\\''s'"
        )
    }

    @Test("a value's quotes escaped wherever they are, and only they", arguments: [
        ("'x", #"''\''x'"#), ("x'", #"'x'\'''"#), ("''", #"''\'''\'''"#), ("", "''"),
        ("q'\u{301}", "'q'\\''\u{301}'"), ("plain", "'plain'"),
    ])
    func escaping(_ value: String, _ quoted: String) {
        #expect(MatchRule(kind: .signal, arguments: [0: value]).description == "type='signal',arg0=" + quoted, "\(value)")
    }

    @Test("matching by header fields, path namespace and string arguments")
    func matching() {
        var signal = Message.signal(path: "/org/mpris/MediaPlayer2", interface: .properties, member: "PropertiesChanged",
                                    arguments: [.string("org.mpris.MediaPlayer2.Player")])
        signal.sender = ":1.5"
        #expect(MatchRule(interface: .properties).matches(signal))
        #expect(MatchRule(pathNamespace: "/org/mpris").matches(signal))
        #expect(MatchRule(pathNamespace: "/org/mpris/MediaPlayer2").matches(signal))
        #expect(!MatchRule(pathNamespace: "/org/mp").matches(signal))
        #expect(MatchRule(arguments: [0: "org.mpris.MediaPlayer2.Player"]).matches(signal))
        #expect(!MatchRule(arguments: [1: "x"]).matches(signal))
        #expect(MatchRule(sender: ":1.5").matches(signal))
        #expect(!MatchRule(sender: ":1.6").matches(signal))
        #expect(!MatchRule(member: "Seeked").matches(signal))
        #expect(!MatchRule(kind: .methodCall).matches(signal))
    }
}
