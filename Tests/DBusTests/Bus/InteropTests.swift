import DBus
import DBusTypes
import Foundation
import Loop
import Testing
import TestSupport

/// Peers we did not write: busctl (systemd's sd-bus) and python3-dbus (libdbus through GLib).
@Suite("Interoperability with busctl and python3-dbus")
struct InteropTests {
    static let peerScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Peers/python_peer.py").path

    static func busctl(_ fixture: BusFixture, _ arguments: [String]) throws -> ProcessResult {
        try fixture.runPeer("/usr/bin/busctl", ["--address=\(fixture.bus.address)", "--json=short"] + arguments)
    }

    /// busctl writes each argument from its own syntax; the reply, in JSON, must carry the same
    /// value back (busctl prints doubles in %.21e).
    @Test(
        "busctl calls our object with every type and reads back what it sent",
        arguments: [
            (["Echo", "v", "y", "200"], #"{"type":"v","data":[{"type":"y","data":200}]}"#),
            (["Echo", "v", "b", "true"], #"{"type":"v","data":[{"type":"b","data":true}]}"#),
            (["Echo", "v", "n", "-32768"], #"{"type":"v","data":[{"type":"n","data":-32768}]}"#),
            (["Echo", "v", "q", "65535"], #"{"type":"v","data":[{"type":"q","data":65535}]}"#),
            (["Echo", "v", "i", "-2147483648"], #"{"type":"v","data":[{"type":"i","data":-2147483648}]}"#),
            (["Echo", "v", "u", "4294967295"], #"{"type":"v","data":[{"type":"u","data":4294967295}]}"#),
            (["Echo", "v", "x", "-9223372036854775808"], #"{"type":"v","data":[{"type":"x","data":-9223372036854775808}]}"#),
            (["Echo", "v", "t", "18446744073709551615"], #"{"type":"v","data":[{"type":"t","data":18446744073709551615}]}"#),
            (["Echo", "v", "d", "2.5"], #"{"type":"v","data":[{"type":"d","data":2.500000000000000000000e+00}]}"#),
            (["Echo", "v", "s", "héllo ✓"], #"{"type":"v","data":[{"type":"s","data":"héllo ✓"}]}"#),
            (["Echo", "v", "o", "/org/mpris/MediaPlayer2"], #"{"type":"v","data":[{"type":"o","data":"/org/mpris/MediaPlayer2"}]}"#),
            (["Echo", "v", "g", "a{sv}"], #"{"type":"v","data":[{"type":"g","data":"a{sv}"}]}"#),
            (["Echo", "v", "as", "2", "a", "b"], #"{"type":"v","data":[{"type":"as","data":["a","b"]}]}"#),
            (["Echo", "v", "a{sv}", "2", "title", "s", "Song", "length", "x", "240"],
             #"{"type":"v","data":[{"type":"a{sv}","data":{"title":{"type":"s","data":"Song"},"length":{"type":"x","data":240}}}]}"#),
            (["Echo", "v", "(isv)", "1", "two", "d", "3"],
             #"{"type":"v","data":[{"type":"(isv)","data":[1,"two",{"type":"d","data":3.000000000000000000000e+00}]}]}"#),
            (["Echo", "v", "aai", "2", "2", "1", "2", "0"], #"{"type":"v","data":[{"type":"aai","data":[[1,2],[]]}]}"#),
            (["Echo", "v", "v", "v", "s", "deep"],
             #"{"type":"v","data":[{"type":"v","data":{"type":"v","data":{"type":"s","data":"deep"}}}]}"#),
            (["EchoBasics", "ybnqiuxtdsog", "1", "false", "-1", "1", "-1", "1", "-1", "1", "0.5", "s", "/o", "i"],
             #"{"type":"ybnqiuxtdsog","data":[1,false,-1,1,-1,1,-1,1,5.000000000000000000000e-01,"s","/o","i"]}"#),
        ])
    func busctlCalls(_ call: [String], _ expected: String) throws {
        let fixture = try BusFixture()
        let result = try Self.busctl(
            fixture, ["call", "--", fixture.server.uniqueName.rawValue, EchoObject.path.rawValue, EchoObject.interface.rawValue] + call)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == expected)
    }

    @Test("busctl sees our introspection, properties and named errors")
    func busctlIntrospects() throws {
        let fixture = try BusFixture()
        let destination = fixture.server.uniqueName.rawValue
        let introspection = try Self.busctl(fixture, ["introspect", "--xml-interface", destination, EchoObject.path.rawValue])
        #expect(introspection.status == 0, "\(introspection.stderr)")
        #expect(introspection.stdout.contains("<interface name=\"org.mediaremote.Test\">"))
        let property = try Self.busctl(fixture, ["get-property", destination, EchoObject.path.rawValue, EchoObject.interface.rawValue, "Name"])
        #expect(property.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == #"{"type":"s","data":"echo"}"#)
        let failure = try Self.busctl(
            fixture, ["call", destination, EchoObject.path.rawValue, EchoObject.interface.rawValue, "Echo", "s", "not a variant"])
        #expect(failure.status != 0)
        #expect(failure.stderr.contains("org.mediaremote.Test.Echo takes arguments of type 'v', not 's'"))
    }

    @Test("python3-dbus calls our object with every type it can write; each reply equals what it sent")
    func pythonCallsUs() throws {
        let fixture = try BusFixture()
        let result = try fixture.runPeer("/usr/bin/python3", [Self.peerScript, "call", fixture.bus.address, fixture.server.uniqueName.rawValue])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("FAIL"))
        #expect(result.stdout.split(separator: "\n").count == 32, "\(result.stdout)")
    }

    @Test("our client calls an object python3-dbus exports, and gets its error names")
    func weCallPython() throws {
        let fixture = try BusFixture()
        let peer = Subprocess("/usr/bin/python3", [Self.peerScript, "serve", fixture.bus.address])
        try peer.start()
        defer { _ = peer.stop(signal: SIGKILL) }
        guard let ready = peer.readLine(), ready.hasPrefix("ready "), let name = try? BusName(String(ready.dropFirst(6))) else {
            Issue.record("the python peer did not start: \(peer.stop().stderr)")
            return
        }
        func call(_ member: MemberName, _ arguments: [Value]) -> Result<Message, DBusError> {
            var result: Result<Message, DBusError>?
            fixture.client.call(destination: name, path: "/org/mediaremote/PyPeer", interface: "org.mediaremote.PyPeer",
                                member: member, arguments: arguments) { result = $0 }
            fixture.loop.run(until: { result != nil }, timeout: .seconds(10))
            return result ?? .failure(.failed("no answer"))
        }
        for value in RoundTripTests.values {
            let reply = try call("Echo", [.variant(value)]).get()
            #expect(reply.arguments == [.variant(value)])
        }
        let basics: [Value] = [
            .byte(1), .boolean(true), .int16(-2), .uint16(3), .int32(-4), .uint32(5), .int64(-6), .uint64(7), .double(8.5),
            .string("nine"), .objectPath("/ten"), .signature("a{sv}"),
        ]
        #expect(try call("EchoBasics", basics).get().arguments == basics)
        let containers: [Value] = [
            .stringVariantDictionary([("k", .structure([.int32(1)]))]),
            .structure([.int32(1), .array(.variant, [.variant(.string("a")), .variant(.uint64(2))])]),
        ]
        #expect(try call("EchoContainers", containers).get().arguments == containers)
        guard case .failure(let error) = call("Fail", []) else {
            Issue.record("Fail did not fail")
            return
        }
        #expect(error.name == "org.mediaremote.PyPeer.Error.OnPurpose")
        #expect(error.message == "the python peer fails on purpose")
    }

    @Test("huge and hostile calls from python3-dbus get named errors; the object keeps answering")
    func hostileCalls() throws {
        let fixture = try BusFixture()
        let script = """
            import dbus, sys
            bus = dbus.bus.BusConnection(sys.argv[1])
            target = bus.get_object(sys.argv[2], "/org/mediaremote/Test", introspect=False)
            def attempt(label, method, *args, signature=None, path=None):
                obj = target if path is None else bus.get_object(sys.argv[2], path, introspect=False)
                try:
                    obj.get_dbus_method(method, "org.mediaremote.Test")(*args, signature=signature)
                    print(label, "ok")
                except dbus.exceptions.DBusException as e:
                    print(label, e.get_dbus_name())
            attempt("huge-wrong", "Echo", dbus.Array([dbus.Int32(1)] * 1000000, signature="i"), signature="ai")
            attempt("huge-right", "Echo", dbus.Array(b"x" * 8000000, signature="y", variant_level=1), signature="v")
            attempt("empty", "Echo", dbus.Array([], signature="s", variant_level=1), signature="v")
            attempt("unknown", "Frobnicate")
            attempt("path", "Echo", dbus.Int32(1, variant_level=1), signature="v", path="/no/such/object")
            attempt("after", "Echo", dbus.String("alive", variant_level=1), signature="v")
            """
        let result = try fixture.runPeer("/usr/bin/python3", ["-c", script, fixture.bus.address, fixture.server.uniqueName.rawValue])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n") == [
            "huge-wrong org.freedesktop.DBus.Error.InvalidArgs",
            "huge-right ok",
            "empty ok",
            "unknown org.freedesktop.DBus.Error.UnknownMethod",
            "path org.freedesktop.DBus.Error.UnknownObject",
            "after ok",
        ])
    }
}
