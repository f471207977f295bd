import DBus
import DBusTypes
import Foundation
import Testing
import TestSupport

/// A player that answers a call with kilobytes of error: the log tells of it in one line, its
/// message cut as a peer's text always is (``Quote``), with how long it was.
@Suite("a player's long error is cut in the log")
struct LongErrorLogTests {
    @Test("a 5000-character error is logged as its start and its length, on one short line")
    func cut() throws {
        let fixture = try ServiceFixture()
        let player = try Connection(.address(fixture.bus.address), loop: fixture.loop)
        let message = String(repeating: "0123456789", count: 500)
        try MisbehavingPlayersTests.export(on: player, status: "Playing") { _ in throw DBusError(.failed, message) }
        _ = try player.requestName("org.mpris.MediaPlayer2.verbose")
        #expect(fixture.wait { fixture.nowPlaying == "org.mpris.MediaPlayer2.verbose" })
        #expect(fixture.send("play") == "discarded")
        let log = fixture.daemon.stop().stderr
        let told = log.split(separator: "\n").filter { $0.contains("counts as declining") }
        #expect(told.count == 1, "\(log)")
        #expect(told.allSatisfy { $0.contains("… (5000 characters)") && $0.count < 500 }, "\(told)")
        #expect(!log.contains(message))
    }
}
