import Bridge
import DBus
import DBusTypes
import Foundation
import MediaRemoteAPI
import Testing
import TestSupport

/// A Responder1 app written for the tests (Peers/responder_app.py, python3-dbus) against the
/// running service: the chain, first-responder rules, and an app that leaves mid-dispatch.
@Suite("Responder1 apps: the chain, first responders, leaving", .serialized)
struct ResponderTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Peers/responder_app.py").path

    /// Starts the app and waits until each of its pushes was answered.
    static func app(_ fixture: ServiceFixture, _ arguments: [String]) throws -> (Subprocess, String) {
        let process = try fixture.spawn("/usr/bin/python3", [script, fixture.bus.address] + arguments)
        guard let ready = process.readLine(), ready.hasPrefix("ready ") else {
            throw TestFailure("the responder app did not start: \(process.stop().stderr)")
        }
        for _ in arguments.filter({ $0.contains("=") }) {
            guard let line = process.readLine(), line.hasPrefix("pushed ") else { throw TestFailure("a push failed") }
            #expect(line.hasSuffix(" True"), "\(line)")
        }
        return (process, String(ready.dropFirst(6)))
    }

    @Test("a responder that declines passes the event up its app's chain")
    func chain() throws {
        let fixture = try ServiceFixture()
        let (app, name) = try Self.app(fixture, ["--begin", "/bottom=all", "/top=decline:nextTrack"])
        #expect(fixture.send("play") == "\(name) /top")
        #expect(app.readLine() == "/top RemoteControlReceived play")
        #expect(fixture.send("nextTrack") == "\(name) /bottom")
        #expect(app.readLine() == "/top RemoteControlReceived nextTrack")
        #expect(app.readLine() == "/bottom RemoteControlReceived nextTrack")
    }

    @Test("a call on the MPRIS proxy reaches the first responder first, as source mpris")
    func proxyReachesResponder() throws {
        let fixture = try ProxyPlayerTests.fixture()
        let (app, name) = try Self.app(fixture, ["--begin", "/top=all"])
        _ = try fixture.client.callBlocking(.methodCall(
            destination: "org.mpris.MediaPlayer2.mediaremote", path: "/org/mpris/MediaPlayer2",
            interface: "org.mpris.MediaPlayer2.Player", member: "Next"))
        #expect(app.readLine() == "/top RemoteControlReceived nextTrack")
        #expect(fixture.wait { fixture.dispatched.count == 1 })
        #expect(fixture.dispatched.first?.source == "mpris")
        #expect(fixture.dispatched.first?.description == "nextTrack → \(name) /top")
    }

    @Test("every responder declines: discarded, and reported so")
    func allDecline() throws {
        let fixture = try ServiceFixture()
        _ = try Self.app(fixture, ["--begin", "/only=none"])
        #expect(fixture.send("stop") == "discarded")
        #expect(fixture.wait { fixture.dispatched.last?.outcome.reason == "declined" })
    }

    @Test("""
        a responder that does not answer in time may still act: the event goes no further (the responder below is not \
        sent it), is reported as no answer by EventDispatched, send and the log, and events pass the app by until it \
        answers again
        """)
    func noAnswer() throws {
        let fixture = try ServiceFixture()
        let (app, name) = try Self.app(fixture, ["--begin", "/below=all", "/slow=slow"])
        let slow = ObjectAddress(busName: try BusName(name), path: "/slow")
        let sent = try Subprocess.run(DaemonTests.ctl, ["send", "play"], environment: fixture.bus.environment)
        #expect(sent.status == 1)
        #expect(sent.stdout == "no answer in time from \(name) /slow: it may still act on it, so it went to nobody else\n", "\(sent.stdout)")
        #expect(fixture.wait { fixture.dispatched.count == 1 })
        #expect(fixture.dispatched.last?.outcome == .unanswered(by: slow))
        // Passed by while it does not answer: status says so.
        let status = try Subprocess.run(DaemonTests.ctl, ["status"], environment: fixture.bus.environment).stdout
        #expect(status.contains("Not answering:   \(name), since an event"), "\(status)")
        #expect(fixture.send("nextTrack") == "discarded")
        #expect(fixture.wait { fixture.dispatched.last?.outcome.reason == "notAnswering" })
        // The slow one acts late, a second after: and it was the only one sent the play.
        #expect(app.readLine() == "/slow RemoteControlReceived play")
        // It answers the ping once its second is over: events reach it again.
        #expect(fixture.wait { (try? fixture.describeState().notAnswering.isEmpty) == true })
        _ = fixture.send("nextTrack")
        #expect(app.readLine() == "/slow RemoteControlReceived nextTrack")
        #expect(fixture.wait { fixture.dispatched.last?.outcome == .unanswered(by: slow) })
        let log = fixture.daemon.stop().stderr
        #expect(log.contains("play from api: sent to \(name) /slow, which did not answer in time; it may still act on it"), "\(log)")
        #expect(log.contains("\(name) answers again"), "\(log)")
        #expect(!log.contains("Did not receive a reply"), "libdbus's boilerplate in the log: \(log)")
        // What the app received after its pushes: never anything at the responder below.
        #expect(!app.stop().stdout.contains("/below"), "the responder below the slow one was sent an event")
    }

    @Test("two apps compete for first responder; resign restores the previous; nobody resigns for another")
    func competing() throws {
        let fixture = try ServiceFixture()
        let (x, xName) = try Self.app(fixture, ["/x=all"])
        let (y, yName) = try Self.app(fixture, ["/y=all"])
        #expect(fixture.property(MediaRemoteMembers.firstResponder.name) == .structure([.string(yName), .objectPath("/y")]))
        // X cannot resign Y's object: the call acts for X's own objects only.
        x.writeLine("resign /y")
        #expect(x.readLine() == "done resign /y False")
        #expect(fixture.property(MediaRemoteMembers.firstResponder.name) == .structure([.string(yName), .objectPath("/y")]))
        y.writeLine("resign /y")
        #expect(y.readLine() == "done resign /y True")
        #expect(fixture.property(MediaRemoteMembers.firstResponder.name) == .structure([.string(xName), .objectPath("/x")]))
        // A shake goes to the first responder, with no Now Playing condition.
        #expect((try? fixture.callBridge(MediaRemoteMembers.simulateMotion.name, [.string("shake")]).get()) != nil)
        #expect(x.readLine() == "/x MotionBegan shake")
        #expect(x.readLine() == "/x MotionEnded shake")
        #expect(fixture.wait { fixture.dispatched.count == 2 })
        #expect(fixture.dispatched.map(\.description) == ["shake began → \(xName) /x", "shake ended → \(xName) /x"])
    }

    @Test("an app that leaves mid-dispatch: the event is reported discarded, and its entries are gone")
    func leavesMidDispatch() throws {
        let fixture = try ServiceFixture()
        let (_, name) = try Self.app(fixture, ["--begin", "/steady=none", "/leaving=exit"])
        #expect(fixture.property(MediaRemoteMembers.firstResponder.name) == .structure([.string(name), .objectPath("/leaving")]))
        #expect(fixture.send("play") == "discarded")
        #expect(fixture.wait { fixture.dispatched.count == 1 })
        // It left without answering: no answer (it may have acted first), or declined if the bus said so at once.
        #expect(fixture.dispatched.first.map { $0.outcome.unansweredBy != nil || $0.outcome.reason == "declined" } == true)
        #expect(fixture.wait { fixture.property(MediaRemoteMembers.firstResponder.name) == .structure([.string(""), .objectPath("/")]) })
        #expect(fixture.send("play") == "discarded")
        #expect(fixture.wait { fixture.dispatched.last?.outcome.reason == "nobodyReceiving" })
    }

    @Test("bad arguments get InvalidArgs with a sentence")
    func badArguments() throws {
        let fixture = try ServiceFixture()
        let cases: [(MemberName, [Value], String)] = [
            (MediaRemoteMembers.sendRemoteControlEvent.name, [.string("fastForward")], "'fastForward' is not a remote-control subtype; use one of play, pause, togglePlayPause, stop, nextTrack, previousTrack, "
                + "beginSeekingBackward, endSeekingBackward, beginSeekingForward, endSeekingForward"),
            (MediaRemoteMembers.sendRemoteControlEvent.name, [.string("shake")], "'shake' is a motion subtype; use SimulateMotion"),
            (MediaRemoteMembers.simulateMotion.name, [.string("play")], "'play' is not a motion subtype"),
            // The only motion subtype is named, not the remote-control ones.
            (MediaRemoteMembers.simulateMotion.name, [.string("wobble")], "'wobble' is not a motion subtype; the only one is 'shake'"),
            // 100 KB of a word is quoted a line's worth, its length counted.
            (MediaRemoteMembers.sendRemoteControlEvent.name, [.string(String(repeating: "z", count: 100_000))],
             "'" + String(repeating: "z", count: 60) + "… (100000 characters)' is not a remote-control subtype"),
            (MediaRemoteMembers.releaseMotion.name, [], "you hold no motion claim to release (a claim is its connection's, and ends with it)"),
            (MediaRemoteMembers.becomeFirstResponder.name, [.objectPath("/org/mediaremote/Test")], "there is no object at /org/mediaremote/Test"),
        ]
        // Our client exports one object that is not a responder, to be refused by name.
        try fixture.client.export([Interface("org.mediaremote.NotAResponder")], at: "/not/a/responder")
        for (member, arguments, message) in cases {
            guard case .failure(let error) = fixture.callBridge(member, arguments) else {
                Issue.record("\(member) accepted \(arguments)")
                continue
            }
            #expect(error.name == .invalidArgs)
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
        guard case .failure(let error) = fixture.callBridge(MediaRemoteMembers.becomeFirstResponder.name, [.objectPath("/not/a/responder")]) else {
            Issue.record("an object without Responder1 became first responder")
            return
        }
        #expect(error.message == "/not/a/responder on your connection does not implement org.mediaremote.Responder1; export it there first")
        // Claims are counted: two claims, two releases, then none.
        let (claim, release) = (MediaRemoteMembers.claimMotion.name, MediaRemoteMembers.releaseMotion.name)
        for member in [claim, claim, release, release] {
            #expect((try? fixture.callBridge(member).get()) != nil)
        }
        #expect((try? fixture.callBridge(MediaRemoteMembers.releaseMotion.name).get()) == nil)
    }
}
