import Bridge
import DBus
import DBusTypes
import MediaRemoteAPI
import Testing
import TestSupport

/// A player that crashes while an event is being delivered to it. The other faults are tested
/// where their parts are: the bus going away (DaemonTests: exit 1), a responder's app leaving
/// mid-dispatch (ResponderTests), SIGHUP with a broken file (DaemonTests), and devices removed
/// in the middle of a seek or a shake (the qemu guest, Tests/Guest).
@Suite("faults: a player crashing mid-dispatch")
struct FaultsTests {
    @Test("a player whose process dies while it holds an event: the event is reported discarded, the player gone, the service fine")
    func playerCrashesMidDispatch() throws {
        let fixture = try ServiceFixture()
        let player = try fixture.bus.connect(loop: fixture.loop)
        var received: [MemberName] = []
        // A Playing player that, given Next, dies before answering (its connection closes, as a crash's does).
        try MisbehavingPlayersTests.export(on: player, status: "Playing") { member in
            received.append(member)
            if member == "Next" { player.close() }
        }
        _ = try player.requestName("org.mpris.MediaPlayer2.crashing")
        #expect(fixture.wait { fixture.nowPlaying == "org.mpris.MediaPlayer2.crashing" })

        #expect(fixture.send("play") == "org.mpris.MediaPlayer2.crashing /org/mpris/MediaPlayer2")
        #expect(fixture.send("nextTrack") == "discarded")
        #expect(received == ["Play", "Next"])
        #expect(fixture.wait { fixture.dispatched.count == 2 })
        // The bus answers a call whose recipient left for it with NoReply: no answer (it may have
        // acted before it left), or declined if another error came first.
        #expect(fixture.dispatched.last.map { $0.outcome.unansweredBy != nil || $0.outcome.reason == "declined" } == true, "\(fixture.dispatched)")
        #expect(fixture.wait { fixture.players.isEmpty && fixture.nowPlaying == "" })
        #expect(fixture.send("play") == "discarded")
        #expect(fixture.wait { fixture.dispatched.last?.outcome.reason == "nobodyReceiving" }, "\(fixture.dispatched.last?.description ?? "")")
        #expect(fixture.daemon.isRunning)
    }
}
