import Core
import DBusTypes
import Loop
import MediaRemoteAPI
import Testing
import TestSupport
import Time

@testable import Bridge

/// The rules shell on a real bus and loop: the timers the rules ask for.
@Suite("The rules shell's timers")
struct RulesShellTests {
    /// Counts what the shell asks of its host.
    final class Host: RulesHost {
        var publishes = 0
        func motionWanted(_ wanted: Bool) {}
        func publish() { publishes += 1 }
        func shuffle(of app: AppID) -> Bool? { nil }
    }

    @Test("the end of one track-change grace arms the next: two players stopped 300 ms apart are published at each end")
    func graceRearms() throws {
        let bus = try PrivateBus()
        let loop = try EventLoop()
        let shell = RulesShell(connection: try bus.connect(loop: loop), options: Service.Options())
        let host = Host()
        shell.host = host
        shell.start()
        let (a, b): (AppID, AppID) = (":1.1", ":1.2")
        shell.change { dispatcher in
            for (app, name) in [(a, "org.mpris.MediaPlayer2.a"), (b, "org.mpris.MediaPlayer2.b")] {
                dispatcher.registry.playerAppeared(
                    app, Player(busName: try! BusName(name), status: .playing, capabilities: .all), .appeared, at: shell.now)
            }
        }
        // Each leaves Playing for Stopped: changing track, for a second each, 300 ms apart.
        shell.change { $0.registry.playerChanged(a, status: .stopped, at: shell.now) }
        _ = loop.run(until: { false }, timeout: .milliseconds(300))
        shell.change { $0.registry.playerChanged(b, status: .stopped, at: shell.now) }
        let before = host.publishes
        // A's grace ends about 700 ms from now, B's about 1000: each is a moment Now Playing may move.
        _ = loop.run(until: { host.publishes >= before + 2 }, timeout: .seconds(3))
        #expect(host.publishes == before + 2, "published \(host.publishes - before) times as the graces ended")
    }
}
