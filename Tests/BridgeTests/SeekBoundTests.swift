import DBusTypes
import Foundation
import MediaRemoteAPI
import Testing
import TestSupport

/// A seek begun over the API ends: by its end, sent from another `mediaremotectl send` (a
/// script's key-down and key-up), or by itself 10 s after its begin when no end comes, its end
/// delivered to the player it began on. `status` shows it meanwhile. With real mpv.
@Suite("A seek begun by a call ends", .serialized)
struct SeekBoundTests {
    static func ctl(_ fixture: ServiceFixture, _ arguments: [String]) throws -> String {
        try Subprocess.run(DaemonTests.ctl, arguments, environment: fixture.bus.environment).stdout
    }

    static func position(_ player: MPV) -> Int64 {
        guard case .int64(let microseconds)? = player.playerProperty("Position") else { return -1 }
        return microseconds
    }

    @Test("two mediaremotectl send calls, begin then end, make one held seek")
    func twoCalls() throws {
        let fixture = try ServiceFixture()
        let a = try MPV(fixture)
        a.play()
        a.pause()
        let start = Self.position(a)
        #expect(try Self.ctl(fixture, ["send", "seek-forward", "begin"]).contains("handled by \(a.name)"))
        #expect(fixture.wait { Self.position(a) >= start + 10_000_000 })
        #expect(try Self.ctl(fixture, ["send", "seek-forward", "end"]).contains("handled by \(a.name)"))
        let ended = Self.position(a)
        fixture.wait(timeout: .milliseconds(1200)) { false }
        #expect(Self.position(a) < ended + 5_000_000, "it went on seeking after the end: \(ended) → \(Self.position(a))")
    }

    @Test("a seek begun by a call with no end stops by itself after 10 s, its end delivered where it began; status shows it until then")
    func noEnd() throws {
        let fixture = try ServiceFixture()
        let a = try MPV(fixture)
        a.play()
        a.pause()
        let began = Date()
        #expect(try Self.ctl(fixture, ["send", "seek-forward", "begin"]).contains("handled by \(a.name)"))
        let status = try Self.ctl(fixture, ["status"])
        #expect(status.contains("Seeking:         forward, begun by api ") && status.contains("handled by \(a.name) /org/mpris/MediaPlayer2; ends by itself in"),
                "\(status)")
        let json = try JSONSerialization.jsonObject(with: Data(try Self.ctl(fixture, ["status", "--json"]).utf8)) as? [String: Any]
        let seek = (json?["seeks"] as? [[String: Any]])?.first
        #expect(seek?["direction"] as? String == "beginSeekingForward" && seek?["source"] as? String == "api"
                && seek?["bus_name"] as? String == a.name && (seek?["ends_by"] as? Int ?? 0) > (seek?["since"] as? Int ?? Int.max),
                "\(String(describing: json))")
        // The end comes by itself: delivered to A, from the API's source.
        let ended = fixture.wait(timeout: .seconds(14)) { fixture.dispatched.contains { $0.subtype == "endSeekingForward" } }
        let lasted = Date().timeIntervalSince(began)
        #expect(ended && lasted >= 9.5, "ended: \(ended), after \(lasted) s")
        let end = fixture.dispatched.first { $0.subtype == "endSeekingForward" }
        let player = ObjectAddress(busName: try BusName(a.name), path: "/org/mpris/MediaPlayer2")
        #expect(end?.source == "api" && end?.outcome == .handled(by: player),
                "\(String(describing: end))")
        let after = Self.position(a)
        fixture.wait(timeout: .milliseconds(1200)) { false }
        #expect(Self.position(a) < after + 5_000_000, "it went on seeking: \(after) → \(Self.position(a))")
        #expect(try Self.ctl(fixture, ["status"]).contains("Seeking:         none"))
        let log = fixture.daemon.stop().stderr
        #expect(log.contains("the seek begun by a call 10.0 seconds ago got no end; ending it"), "\(log)")
    }

    @Test("the end the service sends a responder that is slow to answer it goes once, not again at each turn of the loop")
    func slowResponder() throws {
        let fixture = try ServiceFixture()
        let (app, name) = try ResponderTests.app(fixture, ["--begin", "/app=slowend"])
        #expect(try Self.ctl(fixture, ["send", "seek-forward", "begin"]).contains("handled by \(name) /app"))
        #expect(app.readLine() == "/app RemoteControlReceived beginSeekingForward")
        #expect(fixture.wait(timeout: .seconds(14)) { fixture.dispatched.contains { $0.subtype == "endSeekingForward" } })
        fixture.wait(timeout: .seconds(2)) { false }
        #expect(fixture.dispatched.filter { $0.subtype == "endSeekingForward" }.count == 1, "\(fixture.dispatched)")
        #expect(app.readLine(timeout: .seconds(1)) == "/app RemoteControlReceived endSeekingForward")
        #expect(app.readLine(timeout: .milliseconds(500)) == nil, "a second end reached the app")
    }
}
