import Foundation
import Testing
import TestSupport

/// The player users complain about most, a browser: Firefox ESR under Xvfb, playing a local
/// file with its media session on MPRIS, through a real audio server, beside a phantom (mpv
/// that says Playing and makes no sound).
@Suite("Real browser: Firefox, heard, keeps Now Playing from a phantom", .serialized)
struct BrowserTests {
    /// Xvfb on a free display, and Firefox ESR on it with a profile of its own that lets a page
    /// play at once; both live as long as the fixture.
    static func firefox(_ fixture: ServiceFixture, page: String) throws -> Subprocess {
        let directory = fixture.bus.directory.appendingPathComponent("firefox")
        let profile = directory.appendingPathComponent("profile")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        try """
            user_pref("media.autoplay.default", 0);
            user_pref("media.autoplay.blocking_policy", 0);
            user_pref("browser.shell.checkDefaultBrowser", false);
            user_pref("browser.aboutwelcome.enabled", false);
            user_pref("datareporting.policy.dataSubmissionEnabled", false);
            user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
            """.write(to: profile.appendingPathComponent("user.js"), atomically: true, encoding: .utf8)
        let html = directory.appendingPathComponent("page.html")
        try "<html><body><audio src=\"file://\(page)\" autoplay loop controls></audio></body></html>"
            .write(to: html, atomically: true, encoding: .utf8)
        // Xvfb picks a free display itself and prints its number once it listens.
        let xvfb = try fixture.spawn("/usr/bin/Xvfb", ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "800x600x24"])
        guard let display = xvfb.readLine(timeout: .seconds(20)).flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else {
            throw TestFailure("Xvfb did not say its display: \(xvfb.stop().stderr)")
        }
        return try fixture.spawn(
            "/usr/bin/firefox-esr", ["--no-remote", "--profile", profile.path, html.absoluteString],
            environment: ["DISPLAY": ":\(display)", "HOME": directory.path, "MOZ_CRASHREPORTER_DISABLE": "1"])
    }

    @Test("Firefox playing a page with sound is audible, matched by its process; a phantom started after it does not take Now Playing; a pause goes to Firefox")
    func firefoxAndAPhantom() throws {
        let fixture = try ServiceFixture(audioServer: true)
        _ = try Self.firefox(fixture, page: MPV.tracks[0])
        var name = ""
        let heard = fixture.wait(timeout: .seconds(90)) {
            let output = (try? Subprocess.run(DaemonTests.ctl, ["players", "--json"], environment: fixture.environment))?.stdout ?? ""
            let players = (try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]) ?? []
            guard let firefox = players.first(where: { ($0["name"] as? String)?.hasPrefix("org.mpris.MediaPlayer2.firefox") == true }),
                firefox["sound"] as? String == "audible", firefox["status"] as? String == "Playing"
            else { return false }
            name = firefox["name"] as? String ?? ""
            return true
        }
        #expect(heard, "Firefox was not seen playing and heard: \(fixture.players)")
        guard heard else { return }
        #expect(fixture.nowPlaying == name)
        let phantom = try MPV(fixture, playing: true)
        #expect(fixture.wait { AudibleNowPlayingTests.sound(fixture, phantom)?.sound == "silent" })
        #expect(fixture.nowPlaying == name, "\(fixture.nowPlaying ?? "nobody")")
        #expect(fixture.send("pause") == "\(name) /org/mpris/MediaPlayer2")
        #expect(fixture.wait { fixture.players.contains { $0.hasPrefix("\(name) Paused") } }, "\(fixture.players)")
        #expect(phantom.status == "Playing")
    }
}
