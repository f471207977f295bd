import Core
import DBus
import DBusTypes
import Foundation
import Loop
import MediaRemoteAPI
import MPRIS
import SystemFiles
import Testing
import TestSupport

@testable import Bridge

/// Players that come, fail a delivery and go, by the hundred (`make soak`: by the thousand),
/// through the service's own parts in this process: whatever the service keeps per app or per
/// player (the rules' apps, the tracker's players, the delivery's seeks and failures told, the
/// call lines, pending pushes) must be empty again once they are gone.
@Suite("players coming and going leave nothing behind")
struct PlayersComingAndGoingTests {
    @Test("every player fails the event sent to it, then leaves (half while the call is in flight): no table keeps anything of it")
    func churn() throws {
        let players = FuzzTests.setting("CHURN_PLAYERS", default: 200)
        // The service's log, in this process: four lines a player would bury the test's output.
        // (No other test here runs the service's parts in-process.)
        Log.threshold = .error
        let bus = try PrivateBus()
        let loop = try EventLoop()
        let connection = try bus.connect(loop: loop)
        let coordinator = Coordinator(connection: connection, settings: Settings(), options: Service.Options())
        try coordinator.start(mprisProxy: true, stateFolder: bus.directory.appendingPathComponent("state").path)
        func wait(_ condition: () -> Bool) -> Bool {
            let poll = try? loop.schedule(after: .milliseconds(5), repeating: .milliseconds(5)) {}
            defer { poll?.cancel() }
            return loop.run(until: condition, timeout: .seconds(10))
        }
        let before = coordinator.bookkeeping
        var failed = 0
        var handled = 0
        var lost = 0
        for index in 0..<players {
            // A player that plays and answers every call with an error, under a name of its own;
            // every other one never answers and leaves while the call is in flight, so the call
            // ends with the bus's error for a peer gone. (dbus-daemon has delivered that error
            // before the player's leaving here, so FailureLog's guard for the other order is not
            // exercised here but in FailureLogTests; the tables' count would show it leaking.)
            let leavesMidCall = index % 2 == 1
            let player = try Connection(.address(bus.address), loop: loop)
            var held: [MethodCall] = []
            if leavesMidCall {
                try player.export([
                    Interface(MisbehavingPlayersTests.player, methods: [.untypedDeferred("Next") { held.append($0) }],
                              properties: [Property("PlaybackStatus", .string, get: { .string("Playing") })])
                ], at: MisbehavingPlayersTests.path)
            } else {
                try MisbehavingPlayersTests.export(on: player, status: "Playing") { _ in
                    throw DBusError("org.example.Error.Broken", "broken on purpose")
                }
            }
            let app = AppID(player.uniqueName)
            _ = try player.requestName(BusName("org.mpris.MediaPlayer2.churn.instance\(index)"))
            #expect(wait { coordinator.registry.player(of: app) != nil }, "player \(index) was never seen")
            var outcome: Outcome?
            coordinator.dispatch(.remoteControl(.nextTrack, at: coordinator.now, from: .api)) { outcome = $0 }
            if leavesMidCall {
                #expect(wait { !held.isEmpty })
                held.removeAll()
                player.close()
            }
            if !wait({ outcome != nil }) { lost += 1 }
            switch outcome {
            case .discarded?, .unanswered?: failed += 1
            case .handled?: handled += 1
            case nil: break
            }
            player.close()
            #expect(wait { !coordinator.registry.knows(app) }, "player \(index) never left")
        }
        let after = coordinator.bookkeeping
        print("players coming and going: \(players) players, \(failed) failed deliveries; entries before \(before), after \(after)")
        SoakReport(part: "players coming and going", calls: players, faults: failed, lost: lost,
                   entriesBefore: before.values.reduce(0, +), entriesAfter: after.values.reduce(0, +)).record()
        #expect(failed == players && handled == 0 && lost == 0, "each delivery failed, as the player meant it to")
        #expect(after == before, "tables grew: \(before) → \(after)")
        #expect(after.values.allSatisfy { $0 == 0 }, "\(after)")
    }
}
