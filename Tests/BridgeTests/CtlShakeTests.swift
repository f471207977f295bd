import Foundation
import Testing
import TestSupport

/// `mediaremotectl shake` with a shake action set: it says whether the action ran, and on which
/// player, or that it had none to act on.
@Suite("mediaremotectl shake and the shake action", .serialized)
struct CtlShakeTests {
    @Test("with no player, the action had nothing to act on; with one, the action ran on it")
    func action() throws {
        let fixture = try ServiceFixture(arguments: ["--shake-action", "nextTrack"])
        let alone = try Subprocess.run(DaemonTests.ctl, ["shake"], environment: fixture.bus.environment)
        #expect(alone.stdout == "began: discarded: no responder is first responder\n"
            + "ended: discarded: no responder is first responder, and the shake action has no Now Playing player to act on\n")
        #expect(alone.status == 1)
        let player = try MPV(fixture)
        player.play()
        #expect(fixture.wait { fixture.nowPlaying == player.name })
        let shake = try Subprocess.run(DaemonTests.ctl, ["shake"], environment: fixture.bus.environment)
        #expect(shake.stdout.hasSuffix("ended: handled by the shake action, on \(player.name) /org/mpris/MediaPlayer2\n"), "\(shake.stdout)")
        #expect(shake.status == 0)
        #expect(fixture.wait { player.title == "track2.ogg" })
    }
}
