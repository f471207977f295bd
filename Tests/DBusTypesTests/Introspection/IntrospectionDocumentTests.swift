import DBusTypes
import Testing

@Suite("An introspection document's interfaces, read as XML")
struct IntrospectionDocumentTests {
    static let responder = "org.mediaremote.Responder1"

    @Test("which interfaces an object declares", arguments: [
        ("as libdbus and sd-bus write it",
         """
         <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
          "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
         <node>
          <interface name="org.freedesktop.DBus.Introspectable"><method name="Introspect"><arg type="s" direction="out"/></method></interface>
          <interface name="org.mediaremote.Responder1">
           <method name="RemoteControlReceived"/>
          </interface>
         </node>
         """, ["org.freedesktop.DBus.Introspectable", "org.mediaremote.Responder1"]),
        ("single quotes, spaces around =, a line break in the tag, an XML declaration",
         "<?xml version='1.0'?><node name='/r'><interface\n  name = 'org.mediaremote.Responder1' ></interface></node>", ["org.mediaremote.Responder1"]),
        ("an empty interface element", "<node><interface name=\"org.mediaremote.Responder1\"/></node>", ["org.mediaremote.Responder1"]),
        ("named only in a comment", "<node><!-- <interface name=\"org.mediaremote.Responder1\"> --></node>", []),
        ("named only in CDATA or text", "<node><![CDATA[<interface name=\"org.mediaremote.Responder1\">]]>org.mediaremote.Responder1</node>", []),
        ("declared by a child node, not the object",
         "<node><node name=\"child\"><interface name=\"org.mediaremote.Responder1\"/></node><node name=\"empty\"/></node>", []),
        ("another interface whose name starts the same", "<node><interface name=\"org.mediaremote.Responder10\"/></node>",
         ["org.mediaremote.Responder10"]),
        ("a tag never closed: what came before counts",
         "<node><interface name=\"a.b\"></interface><interface name=\"org.mediaremote.Responder1\"", ["a.b"]),
        ("no document at all", "", []),
        ("a comment never closed hides the rest", "<node><interface name=\"a.b\"/><!-- <interface name=\"org.mediaremote.Responder1\"/>", ["a.b"]),
        ("an attribute without quotes ends the reading", "<node><interface name=a.b/><interface name=\"org.mediaremote.Responder1\"/></node>", []),
        ("a > inside a quoted value is part of it", "<node><method name=\"x>y\"/><interface name=\"org.mediaremote.Responder1\"/></node>",
         ["org.mediaremote.Responder1"]),
        ("a stray closing node before the object's", "</node><node><interface name=\"org.mediaremote.Responder1\"/></node>", []),
    ] as [(String, String, [String])])
    func interfaces(_ what: String, _ xml: String, _ expected: [String]) {
        let document = IntrospectionDocument(xml)
        #expect(document.interfaceNames == expected, "\(what)")
        #expect(document.declares(Self.responder) == expected.contains(Self.responder), "\(what)")
    }
}
