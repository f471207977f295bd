import Bridge
import DBus
import DBusTypes
import Foundation
import MediaRemoteAPI
import Testing
import TestSupport

/// Play resumes the last player, even after it has quit (issue 37), with real players and real
/// desktop entries: Audacious from Debian's entry under Xvfb, and entries of the test's own
/// whose program leaves a mark when it runs, to tell launched from not.
@Suite("Resume: a play with no player launches the last one", .serialized)
struct ResumeTests {
    /// A folder of the test's own: its desktop entries (`XDG_DATA_HOME`, Debian's after it),
    /// marks, Audacious's sound.
    final class Home {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mediaremote-resume-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        var applications: URL { url.appendingPathComponent("share/applications") }
        var mark: URL { url.appendingPathComponent("launched") }
        var wasLaunched: Bool { FileManager.default.fileExists(atPath: mark.path) }

        func environment(display: Int? = nil) -> [String: String] {
            var environment = [
                "XDG_DATA_HOME": url.appendingPathComponent("share").path, "XDG_DATA_DIRS": "/usr/share",
                "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": url.appendingPathComponent("audacious.raw").path,
            ]
            if let display { environment["DISPLAY"] = ":\(display)" }
            return environment
        }

        /// A desktop entry `id` whose program leaves the mark and sleeps: launched, never a player.
        func neverAPlayer(_ id: String, categories: String = "AudioVideo;Audio;Player;") throws {
            try """
                [Desktop Entry]
                Type=Application
                Name=Never A Player
                Categories=\(categories)
                Exec=sh -c "touch \(mark.path); exec sleep 22" %U
                """.write(to: applications.appendingPathComponent("\(id).desktop"), atomically: true, encoding: .utf8)
        }
    }

    /// The last player file a service before this one left, naming `id`'s entry (and the
    /// player's name, `org.mpris.MediaPlayer2.ID` unless given).
    static func leaveLastPlayer(_ bus: PrivateBus, id: String, name: String? = nil, identity: String = "Never A Player") throws {
        let state = bus.stateHome.appendingPathComponent("mediaremote")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try "mediaremote-last-player 1\nname \(name ?? "org.mpris.MediaPlayer2.\(id)")\ndesktop-entry \(id)\nidentity \(identity)\nend\n"
            .write(to: state.appendingPathComponent("last-player"), atomically: true, encoding: .utf8)
    }

    static let activatablePlayer = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Peers/activatable_player.py").path

    /// An X server of the test's own, for players with windows: it and its display's number.
    static func startXvfb() throws -> (Subprocess, Int) {
        let xvfb = Subprocess("/usr/bin/Xvfb", ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "800x600x24"])
        try xvfb.start()
        guard let display = xvfb.readLine(timeout: .seconds(20)).flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else {
            _ = xvfb.stop(signal: SIGKILL)
            throw TestFailure("Xvfb did not say its display")
        }
        return (xvfb, display)
    }

    static func log(_ fixture: ServiceFixture) -> String { (try? String(contentsOf: fixture.logFile, encoding: .utf8)) ?? "" }

    /// The process that owns `name` on the fixture's bus.
    static func owner(of name: String, _ fixture: ServiceFixture) -> Int32? {
        guard case .success(let reply) = fixture.call(.bus, "/org/freedesktop/DBus", .bus, "GetConnectionUnixProcessID", [.string(name)]),
            case .uint32(let pid)? = reply.arguments.first
        else { return nil }
        return Int32(pid)
    }

    @Test("Audacious quit over MPRIS: a toggle with no player launches it from Debian's desktop entry, and it plays; a restart in between changes nothing")
    func audacious() throws {
        let home = try Home()
        let (xvfb, display) = try Self.startXvfb()
        defer { _ = xvfb.stop(signal: SIGKILL) }
        let fixture = try ServiceFixture(logToFile: true, environment: home.environment(display: display))
        let name = "org.mpris.MediaPlayer2.audacious"
        // Played, then quit over MPRIS: Audacious keeps its playlist.
        _ = try fixture.spawn("/usr/bin/audacious", MPV.tracks)
        #expect(fixture.wait(timeout: .seconds(30)) { fixture.players.contains { $0.hasPrefix(name + " ") } }, "\(fixture.players)")
        if !fixture.players.contains(where: { $0.hasPrefix(name + " Playing") }) { _ = fixture.send("play") }
        #expect(fixture.wait(timeout: .seconds(10)) { fixture.players.contains { $0.hasPrefix(name + " Playing") } })
        #expect(fixture.wait { (try? fixture.describeState().resumes) == "Audacious (audacious.desktop)" },
                "\((try? fixture.describeState())?.resumes ?? "nothing")")
        _ = fixture.call(BusName(stringLiteral: name), "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2", "Quit")
        #expect(fixture.wait(timeout: .seconds(20)) { fixture.players.isEmpty })
        try fixture.restart()
        let state = try fixture.describeState()
        #expect(state.chain.isEmpty && state.resumes == "Audacious (audacious.desktop)", "\(state)")
        // The toggle launches it (a detached process: this bus has no user manager) and goes to it.
        #expect(fixture.send("togglePlayPause", timeout: .seconds(30)) == "\(name) /org/mpris/MediaPlayer2")
        #expect(fixture.wait(timeout: .seconds(10)) { fixture.players.contains { $0.hasPrefix(name + " Playing") } }, "\(fixture.players)")
        let launched = Self.owner(of: name, fixture)
        defer { if let launched { kill(launched, SIGTERM) } }
        // Not the service's child: reparented when the shell that started it left.
        let parent = launched.flatMap { try? String(contentsOfFile: "/proc/\($0)/stat", encoding: .utf8) }?.split(separator: " ").dropFirst(3).first
        #expect(parent != nil && parent.flatMap { Int32($0) } != fixture.daemon.pid)
        let log = Self.log(fixture)
        if ProcessInfo.processInfo.environment["SHOW_RESUME_LOG"] != nil { print(log) }
        #expect(log.contains("launched Audacious to resume (audacious.desktop, as a process of its own, this bus having no user manager)"), "\(log)")
    }

    @Test("mpv started by hand with a file, then quit: a play launches it by Debian's mpv.desktop, it comes back with nothing to play, is closed, and is not launched again")
    func cameBackEmpty() throws {
        let home = try Home()
        let (xvfb, display) = try Self.startXvfb()
        defer { _ = xvfb.stop(signal: SIGKILL) }
        let fixture = try ServiceFixture(logToFile: true, environment: home.environment(display: display))
        let mpv = try MPV(fixture, playing: true)
        #expect(fixture.wait { (try? fixture.describeState().resumes) == "mpv (mpv.desktop)" }, "\((try? fixture.describeState())?.resumes ?? "nothing")")
        #expect(try fixture.describePlayers().first?.isLastPlayer == true)
        _ = mpv.process.stop()
        #expect(fixture.wait { fixture.players.isEmpty })
        // Gone, it is listed as the last player a play launches.
        let gone = try fixture.describePlayers()
        #expect(gone.count == 1 && gone.first?.app == nil && gone.first?.isLastPlayer == true
                && gone.first?.reason == "the last player, gone from the bus: a play or play/pause with no player launches it (mpv.desktop)", "\(gone)")
        // Launched with no file, mpv idles: it takes the play and stays stopped.
        #expect(fixture.send("play", timeout: .seconds(30)) == "org.mpris.MediaPlayer2.mpv /org/mpris/MediaPlayer2")
        #expect(fixture.wait(timeout: .seconds(15)) { Self.log(fixture).contains("came back with nothing to play") }, "\(Self.log(fixture))")
        #expect(fixture.wait(timeout: .seconds(10)) { fixture.players.isEmpty }, "closed: \(fixture.players)")
        // mpv idle says Stopped, or in some starts Playing with no track (mpv-mpris): both are nothing to play.
        let closing = Self.log(fixture).split(separator: "\n").first { $0.contains("launched mpv (mpv.desktop) to resume, and it came back with nothing to play (") }
        #expect(closing?.contains(" 5.0 s after the play): closing it") == true
                && (closing?.contains("(stopped 5.0 s") == true || closing?.contains("(playing with no track 5.0 s") == true), "\(Self.log(fixture))")
        // Not launched again, and said why, here and after a restart.
        let why = "mpv, the last player, came back with nothing to play when it was launched to resume, so it is not launched again"
        try fixture.restart()
        #expect(try fixture.describeState().resumesNothingBecause == why)
        #expect(try fixture.describePlayers().first?.reason == "the last player, gone from the bus: a play launches nothing: " + why)
        #expect(fixture.send("play") == "discarded")
        #expect(fixture.dispatched.last?.outcome.reason == DiscardReason.nobodyReceiving.rawValue)
        let file = try String(contentsOf: fixture.bus.stateHome.appendingPathComponent("mediaremote/last-player"), encoding: .utf8)
        #expect(file.contains("\ncame-back-empty mpv\n"), "\(file)")
    }

    @Test("an entry that says DBusActivatable=true: the bus starts the app for Activate on its id (its Exec is not run), and the play goes to its player")
    func dbusActivation() throws {
        let home = try Home()
        let id = "org.example.ActivatablePlayer"
        try """
            [Desktop Entry]
            Type=Application
            Name=Activatable Player
            DBusActivatable=true
            Exec=sh -c "touch \(home.mark.path)" %U
            """.write(to: home.applications.appendingPathComponent("\(id).desktop"), atomically: true, encoding: .utf8)
        let activated = home.url.appendingPathComponent("activated")
        let fixture = try ServiceFixture(logToFile: true, environment: home.environment()) { bus in
            try Self.leaveLastPlayer(bus, id: id, name: "org.mpris.MediaPlayer2.activatable", identity: "Activatable Player")
            try "[D-BUS Service]\nName=\(id)\nExec=/usr/bin/python3 \(Self.activatablePlayer) \(id) \(activated.path)\n"
                .write(to: bus.directory.appendingPathComponent("services/\(id).service"), atomically: true, encoding: .utf8)
        }
        #expect(fixture.send("togglePlayPause", timeout: .seconds(30)) == "org.mpris.MediaPlayer2.activatable /org/mpris/MediaPlayer2")
        #expect(fixture.wait { fixture.players.contains("org.mpris.MediaPlayer2.activatable Playing true") }, "\(fixture.players)")
        #expect((try? String(contentsOf: activated, encoding: .utf8)) == "activated\n")
        #expect(!home.wasLaunched, "its Exec ran")
        #expect(Self.log(fixture).contains("launched Activatable Player to resume (\(id).desktop, by D-Bus activation of \(id))"), "\(Self.log(fixture))")
        _ = fixture.call(BusName(stringLiteral: "org.mpris.MediaPlayer2.activatable"), "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2", "Quit")
    }

    @Test("a player that names no desktop entry: nothing launched, the play discarded, and the log says why")
    func noDesktopEntry() throws {
        let fixture = try ServiceFixture(logToFile: true)
        let player = try Connection(.address(fixture.bus.address), loop: fixture.loop)
        try MisbehavingPlayersTests.export(on: player, status: "Playing") { _ in }
        _ = try player.requestName("org.mpris.MediaPlayer2.handmade")
        #expect(fixture.wait { fixture.nowPlaying == "org.mpris.MediaPlayer2.handmade" })
        player.close()
        #expect(fixture.wait { fixture.players.isEmpty })
        #expect(fixture.send("play") == "discarded")
        #expect(fixture.dispatched.last?.outcome.reason == DiscardReason.nobodyReceiving.rawValue)
        #expect(fixture.wait { Self.log(fixture).contains("nothing to resume: test, the last player, names no desktop entry to launch it by") },
                "\(Self.log(fixture))")
    }

    @Test("players.resume_last = false: the last player is not launched")
    func off() throws {
        let home = try Home()
        try home.neverAPlayer("neverplayer")
        let fixture = try ServiceFixture(
            configuration: "[players]\nresume_last = false\n", logToFile: true, environment: home.environment()
        ) { try Self.leaveLastPlayer($0, id: "neverplayer") }
        #expect(fixture.send("togglePlayPause") == "discarded")
        #expect(fixture.wait { Self.log(fixture).contains("nothing to resume: players.resume_last is off") }, "\(Self.log(fixture))")
        fixture.wait(timeout: .seconds(1)) { false }
        #expect(!home.wasLaunched)
    }

    @Test("a web browser, the last player: not launched (its page is gone), the play discarded at once, and the log says why")
    func browser() throws {
        let home = try Home()
        try home.neverAPlayer("somebrowser", categories: "Network;WebBrowser;")
        let fixture = try ServiceFixture(logToFile: true, environment: home.environment()) { try Self.leaveLastPlayer($0, id: "somebrowser") }
        #expect(fixture.send("play") == "discarded")
        #expect(fixture.dispatched.last?.outcome.reason == DiscardReason.launchFailed.rawValue)
        #expect(Self.log(fixture).contains("somebrowser is a web browser"), "\(Self.log(fixture))")
        fixture.wait(timeout: .seconds(1)) { false }
        #expect(!home.wasLaunched)
    }

    @Test("pause, next, stop and a shake with no player launch nothing; a play launches the last player, and a second play during the launch launches nothing more")
    func onlyPlay() throws {
        let home = try Home()
        try home.neverAPlayer("neverplayer")
        let fixture = try ServiceFixture(logToFile: true, environment: home.environment()) { try Self.leaveLastPlayer($0, id: "neverplayer") }
        for subtype in ["pause", "nextTrack", "stop"] { #expect(fixture.send(subtype) == "discarded", "\(subtype)") }
        _ = fixture.callBridge(MediaRemoteMembers.simulateMotion.name, [.string("shake")])
        fixture.wait(timeout: .seconds(1)) { false }
        #expect(!home.wasLaunched)
        // The play's reply waits for the launch; meanwhile a second play is discarded at once.
        var first: Result<Message, DBusError>?
        fixture.client.call(
            destination: MediaRemoteNames.busName, path: MediaRemoteNames.objectPath, interface: MediaRemoteNames.interface,
            member: MediaRemoteMembers.sendRemoteControlEvent.name, arguments: [.string("play")]
        ) { first = $0 }
        #expect(fixture.wait { home.wasLaunched })
        #expect(fixture.send("play") == "discarded")
        #expect(fixture.dispatched.last?.outcome.reason == DiscardReason.launchUnderway.rawValue)
        _ = first
    }

    /// `make run`'s bus (dbus-run-session) reads the machine's service files, and Debian's systemd
    /// package has one for org.freedesktop.systemd1 whose Exec is /bin/false: asking it to start
    /// a unit fails to activate it (Spawn.ChildExited), which means no user manager, as its
    /// absence does.
    @Test("a bus whose org.freedesktop.systemd1 is Debian's stub (Exec=/bin/false): the last player is launched as a process of its own")
    func userManagerStub() throws {
        let home = try Home()
        try home.neverAPlayer("neverplayer")
        let fixture = try ServiceFixture(logToFile: true, environment: home.environment()) { bus in
            try "[D-BUS Service]\nName=org.freedesktop.systemd1\nExec=/bin/false\n"
                .write(to: bus.directory.appendingPathComponent("services/org.freedesktop.systemd1.service"), atomically: true, encoding: .utf8)
            try Self.leaveLastPlayer(bus, id: "neverplayer")
        }
        fixture.client.call(
            destination: MediaRemoteNames.busName, path: MediaRemoteNames.objectPath, interface: MediaRemoteNames.interface,
            member: MediaRemoteMembers.sendRemoteControlEvent.name, arguments: [.string("play")]
        ) { _ in }
        #expect(fixture.wait(timeout: .seconds(10)) { home.wasLaunched }, "\(Self.log(fixture))")
        #expect(Self.log(fixture).contains("as a process of its own, this bus having no user manager"), "\(Self.log(fixture))")
    }

    @Test("a launch that never shows a player: the play ends discarded after 20 s, said once in the log; an entry that is not there: at once")
    func neverAPlayer() throws {
        let home = try Home()
        try home.neverAPlayer("neverplayer")
        let fixture = try ServiceFixture(logToFile: true, environment: home.environment()) { try Self.leaveLastPlayer($0, id: "neverplayer") }
        let started = ContinuousClock.now
        #expect(fixture.send("play", timeout: .seconds(30)) == "discarded")
        let waited = ContinuousClock.now - started
        #expect(waited >= .seconds(19) && waited < .seconds(25), "\(waited)")
        #expect(home.wasLaunched)
        #expect(fixture.dispatched.last?.outcome.reason == DiscardReason.launchedPlayerDidNotCome.rawValue)
        let log = Self.log(fixture)
        #expect(log.components(separatedBy: "no player of it that could play came within 20 s").count == 2, "\(log)")
        // Its entry gone: the launch fails at once, and the log says what is missing.
        try FileManager.default.removeItem(at: home.applications.appendingPathComponent("neverplayer.desktop"))
        #expect(fixture.send("play") == "discarded")
        #expect(fixture.dispatched.last?.outcome.reason == DiscardReason.launchFailed.rawValue)
        #expect(Self.log(fixture).contains("cannot launch Never A Player to resume: there is no neverplayer.desktop in"), "\(Self.log(fixture))")
    }
}
