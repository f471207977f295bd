import Bridge
import Config
import DBus
import DBusTypes
import Foundation
import MediaRemoteAPI
import Testing
import TestSupport

@testable import MediaRemoteCtl
import SystemFiles

/// `--json` on every command, against a running service and a real player: one JSON value a
/// command (monitor: one a line), none as null, an empty list as [], the chain as objects.
@Suite("mediaremotectl --json: one shape a command, none as null")
struct CtlJSONTests {
    static func run(_ arguments: [String], _ fixture: ServiceFixture) throws -> ProcessResult {
        try Subprocess.run(DaemonTests.ctl, arguments, environment: fixture.bus.environment)
    }

    /// The one JSON value standard output holds, parsed (so it is valid JSON), nulls as NSNull.
    static func parse(_ output: String) throws -> Any {
        #expect(output.hasSuffix("\n") && output.dropLast().split(separator: "\n").count == 1, "one line: \(output)")
        return try JSONSerialization.jsonObject(with: Data(output.utf8), options: [.fragmentsAllowed])
    }

    @Test("with nothing there: empty lists are [], none is null, the chain's reason is given")
    func empty() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mediaremote-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fixture = try ServiceFixture(arguments: ["--input-dir", directory.path])
        #expect(try Self.run(["players", "--json"], fixture).stdout == "[]\n")
        #expect(try Self.run(["devices", "--json"], fixture).stdout == "[]\n")
        let status = try Self.run(["status", "--json"], fixture)
        #expect(status.stdout == #"""
            {"version":"\#(MediaRemoteVersion.current)","now_playing":null,"now_playing_reason":null,"track":null,\#
            "first_responder":null,"mode":"compat","chain":[],\#
            "chain_discarded":"nobodyReceiving","receiving":[],"motion_claims":{},"seeks":[],"not_answering":{},"resumes":null,\#
            "resumes_nothing_because":"no player has played yet, so there is none to resume","launching":null,"players":[]}

            """#)
        _ = try Self.parse(status.stdout)

        let send = try Self.run(["send", "--json", "toggle"], fixture)
        #expect(send.status == 1)
        let event = try #require(try Self.parse(send.stdout) as? [String: Any])
        #expect(event["timestamp_us"] is NSNumber && event["phase"] is NSNull && event["handled"] as? Bool == false)
        #expect(event["bus_name"] is NSNull && event["path"] is NSNull && event["reason"] as? String == "nobodyReceiving")
        #expect(send.stdout.hasPrefix(#"{"timestamp_us":"#))
        #expect(send.stdout.contains(#","type":"remoteControl","subtype":"togglePlayPause","phase":null,"source":"api","handled":false,"bus_name":null,"path":null,"reason":"nobodyReceiving"}"#))

        let shake = try Self.run(["shake", "--json"], fixture)
        #expect(shake.status == 1)
        let phases = try #require(try Self.parse(shake.stdout) as? [[String: Any]])
        #expect(phases.map { $0["phase"] as? String } == ["began", "ended"])
        #expect(phases.allSatisfy { $0["handled"] as? Bool == false && $0["bus_name"] is NSNull })
        #expect(phases.map { $0["reason"] as? String } == ["noFirstResponder", "noShakeAction"])
    }

    @Test("a responder first: the chain's link is an object, the first responder is named, send says who handled it")
    func responder() throws {
        let fixture = try ServiceFixture()
        try fixture.client.export([ResponderObject.interface { _, _ in true }], at: "/r")
        let setUp: [(MemberName, [Value])] = [
            (MediaRemoteMembers.beginReceivingRemoteControlEvents.name, []), (MediaRemoteMembers.becomeFirstResponder.name, [.objectPath("/r")]),
        ]
        for (member, arguments) in setUp {
            #expect((try? fixture.callBridge(member, arguments).get()) != nil, "\(member)")
        }
        let me = fixture.client.uniqueName.rawValue
        let status = try Self.run(["status", "--json"], fixture).stdout
        _ = try Self.parse(status)
        #expect(status.contains(#""first_responder":{"bus_name":"\#(me)","path":"/r"}"#), "\(status)")
        #expect(status.contains(#""chain":[{"kind":"responder","bus_name":"\#(me)","app":"\#(me)","path":"/r","action":null}],"chain_discarded":null,"#), "\(status)")
        let text = try Self.run(["status"], fixture).stdout
        #expect(text.contains("First responder: \(me) /r\n") && text.contains("Chain:           responder \(me) /r\n"), "\(text)")

        // The responder answers from the fixture's loop, which runs while the client does.
        let sending = try fixture.spawn(DaemonTests.ctl, ["send", "--json", "next"])
        fixture.wait { !sending.isRunning }
        let sent = sending.wait()
        #expect(sent.status == 0)
        #expect(sent.stdout.contains(#""subtype":"nextTrack","phase":null,"source":"api","handled":true,"bus_name":"\#(me)","path":"/r","reason":null}"#), "\(sent.stdout)")
    }

    @Test("a real player: its link is an object, it is named Now Playing, and when it last started playing is null until seen")
    func player() throws {
        let fixture = try ServiceFixture()
        let player = try MPV(fixture)
        let players = try #require(try Self.parse(try Self.run(["players", "--json"], fixture).stdout) as? [[String: Any]])
        #expect(players.count == 1)
        #expect(players.first?["name"] as? String == player.name && players.first?["status"] as? String == "Paused")
        #expect(players.first?["last_started_playing_us"] is NSNull, "never seen starting")
        #expect((players.first?["capabilities"] as? [String])?.contains("CanPlay") == true)

        player.play()
        let playing = try Self.run(["status", "--json"], fixture).stdout
        let app = try #require((try Self.parse(playing) as? [String: Any])?["receiving"] as? [String]).first ?? "?"
        #expect(playing.contains(#""now_playing":"\#(player.name)","now_playing_reason":"playing","track":{"player":"\#(player.name)","#), "\(playing)")
        #expect(playing.contains(#""first_responder":null,"#), "\(playing)")
        #expect(playing.contains(#""chain":[{"kind":"player","bus_name":"\#(player.name)","app":"\#(app)","path":"/org/mpris/MediaPlayer2","action":null}],"chain_discarded":null,"#), "\(playing)")
        let started = try #require(try Self.parse(try Self.run(["players", "--json"], fixture).stdout) as? [[String: Any]])
        #expect(started.first?["last_started_playing_us"] is NSNumber)
    }

    @Test("ping, check and reload: one object each")
    func objects() throws {
        let fixture = try ServiceFixture()
        let ping = try #require(try Self.parse(try Self.run(["ping", "--json"], fixture).stdout) as? [String: Any])
        #expect((ping["bus_name"] as? String)?.hasPrefix(":1.") == true && ping["round_trip_us"] is NSNumber)
        let file = fixture.bus.configHome.appendingPathComponent("mediaremote/config.toml")
        #expect(try Self.run(["reload", "--json"], fixture).stdout
            == #"{"reloaded":true,"file":"\#(file.path)","problems":[],"kept_by_flags":[]}"# + "\n")

        let missing = try Self.run(["check", "--json"], fixture)
        #expect(missing.status == 0 && missing.stdout.hasPrefix(#"{"file":"\#(file.path)","exists":false,"valid":true,"warnings":["#))
        let checked = try #require(try Self.parse(missing.stdout) as? [String: Any])
        // The warning of no input devices at all, or of shared reading on a machine without
        // /dev/uinput; none where both are there.
        let warning = DevicePaths.directoryProblem(InputDirectory.standard).map(InputDirectory.missing) ?? DevicePaths.uinputProblem().map(UInputAccess.sharedWarning)
        #expect(checked["warnings"] as? [String] == [warning].compactMap { $0 })
        #expect(checked["service_file"] as? String == file.path)
        #expect((checked["problems"] as? [Any])?.isEmpty == true)
        // No system bus in a test's environment: the note says so.
        #expect(checked["keyboards"] as? String == KeyboardsNote.sentence)
        try fixture.bus.writeConfiguration("[shake]\naction = \"skip\"\n")
        let broken = try Self.run(["check", "--json"], fixture)
        #expect(broken.status == ExitStatus.dataError.rawValue)
        #expect(broken.stdout.hasPrefix(#"{"file":"\#(file.path)","exists":true,"valid":false,"warnings":[],"problems":[{"line":2,"key":"shake.action","message":"\"skip\" is not allowed"#))
        _ = try Self.parse(broken.stdout)
        let refused = try Self.run(["reload", "--json"], fixture)
        #expect(refused.status == 1)
        #expect(refused.stdout.hasPrefix(#"{"reloaded":false,"file":"\#(file.path)","problems":["\#(file.path):2: shake.action: \"skip\" is not allowed"#),
                "\(refused.stdout)")
        try Data([0xff]).write(to: file)
        let binary = try #require(try Self.parse(try Self.run(["check", "--json"], fixture).stdout) as? [String: Any])
        let problem = try #require((binary["problems"] as? [[String: Any]])?.first)
        #expect(problem["line"] is NSNull && problem["key"] is NSNull && problem["message"] as? String == "it is not UTF-8 text")
    }
}
