import Bridge
import Config
import DBus
import DBusTypes
import Foundation
import MediaRemoteAPI
import SystemFiles
import Testing
import TestSupport

/// The configuration file with a running daemon: read at start, refused when broken, reloaded
/// by SIGHUP and `mediaremotectl reload` (a broken one keeps what was in use), checked by
/// `mediaremotectl check` without the service.
@Suite("configuration file: start, reload, check")
struct ConfigurationFileTests {
    static func ctl(_ fixture: ServiceFixture, _ arguments: [String]) throws -> ProcessResult {
        try Subprocess.run(DaemonTests.ctl, arguments, environment: fixture.bus.environment)
    }

    static func mode(_ fixture: ServiceFixture) -> String? {
        if case .string(let mode)? = fixture.property(MediaRemoteMembers.mode.name) { mode } else { nil }
    }

    @Test("the daemon starts with the file's settings")
    func startsWithTheFile() throws {
        let fixture = try ServiceFixture(configuration: "[service]\nmode = \"strict\"\n")
        #expect(Self.mode(fixture) == "strict")
    }

    @Test("a broken file: the daemon refuses to start and names the file, line and key")
    func refusesABrokenFile() throws {
        let bus = try PrivateBus()
        try bus.writeConfiguration("[service]\nmode = \"fast\"\n[shake]\nsensitivity = 99\n")
        let result = try Subprocess.run(DaemonTests.daemon, [], environment: bus.environment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("mediaremote/config.toml:2: service.mode: \"fast\" is not allowed; allowed: \"compat\" or \"strict\""),
                "\(result.stderr)")
        #expect(result.stderr.contains("config.toml:4: shake.sensitivity: 99 is out of range"), "\(result.stderr)")
        #expect(try !bus.connect().listNames().contains(MediaRemoteNames.busName))
    }

    /// This machine has no /dev/uinput (the guests test the machines that have one).
    static let noUInput = DevicePaths.uinputProblem() != nil

    @Test("without /dev/uinput, reading keyboards is refused whole: at start-up (file or flag), by a reload, and by check",
          .enabled(if: noUInput, "this machine has a writable /dev/uinput"))
    func keyboardsNeedUInput() throws {
        let sentence = "devices.read_keyboards: keyboards are read only taken over, never shared (the desktop acts on their "
            + "media keys too), and cannot open /dev/uinput: No such file or directory; install udev/70-mediaremote.rules"
        let bus = try PrivateBus()
        let flag = try Subprocess.run(DaemonTests.daemon, ["--read-keyboards"], environment: bus.environment)
        #expect(flag.status == 1)
        #expect(flag.stderr.contains("--read-keyboards: " + sentence), "\(flag.stderr)")
        // Each way out in the words of where the setting came from: `check` reads no flag.
        #expect(flag.stderr.contains("not starting: --read-keyboards cannot be used on this machine:"), "\(flag.stderr)")
        #expect(flag.stderr.contains(", or leave out --read-keyboards") && !flag.stderr.contains("read_keyboards = false"), "\(flag.stderr)")
        try bus.writeConfiguration("[devices]\nread_keyboards = true\n")
        let file = try Subprocess.run(DaemonTests.daemon, [], environment: bus.environment)
        #expect(file.status == 1)
        #expect(file.stderr.contains("mediaremote/config.toml: " + sentence), "\(file.stderr)")
        #expect(file.stderr.contains("(check it with mediaremotectl check)") && file.stderr.contains(", or set read_keyboards = false"),
                "\(file.stderr)")
        #expect(try !bus.connect().listNames().contains(MediaRemoteNames.busName))
        let checked = try Subprocess.run(DaemonTests.ctl, ["check"], environment: bus.environment)
        #expect(checked.status == 65)
        #expect(checked.stderr.contains("config.toml: " + sentence), "\(checked.stderr)")

        // Running, a reload that asks for keyboards changes nothing.
        let fixture = try ServiceFixture(configuration: "[service]\nmode = \"strict\"\n")
        try fixture.bus.writeConfiguration("[service]\nmode = \"compat\"\n[devices]\nread_keyboards = true\n")
        let refused = try Self.ctl(fixture, ["reload"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains(sentence), "\(refused.stderr)")
        #expect(Self.mode(fixture) == "strict")
        #expect(fixture.daemon.isRunning)
    }

    /// Check looks for the input devices where the running service does: here an empty directory
    /// of the test's, so the warning is of /dev/uinput whether or not this machine has /dev/input.
    @Test("without /dev/uinput, check says once that media devices will be read shared, with the fix; the file is valid",
          .enabled(if: noUInput, "this machine has a writable /dev/uinput"))
    func checkWarnsOfSharedReading() throws {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("mediaremote-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: input) }
        let fixture = try ServiceFixture(arguments: ["--input-dir", input.path], configuration: "[keys]\nseek_step_ms = 2000\n")
        let bus = fixture.bus
        let checked = try Subprocess.run(DaemonTests.ctl, ["check"], environment: bus.environment)
        #expect(checked.status == 0)
        #expect(checked.stderr == "mediaremotectl: warning: media devices are read shared, not taken over (cannot open /dev/uinput: "
            + "No such file or directory): a desktop reading the same device (GNOME, Plasma, sway…) will act on its keys too, "
            + "so a press can act twice; to fix it, \(UInputAccess.fix)\n" + KeyboardsNote.line, "\(checked.stderr)")
        let json = try Subprocess.run(DaemonTests.ctl, ["check", "--json"], environment: bus.environment)
        #expect(json.stdout.contains(#""valid":true,"warnings":["media devices are read shared"#), "\(json.stdout)")
    }

    @Test("--config names the file, which must then exist")
    func namedFile() throws {
        let bus = try PrivateBus()
        let result = try Subprocess.run(DaemonTests.daemon, ["--config", "/nonexistent/mr.toml"], environment: bus.environment)
        #expect(result.status == 1)
        // Missing, not "broken": the log says which.
        #expect(result.stderr.contains("not starting: the configuration cannot be used"), "\(result.stderr)")
        #expect(result.stderr.contains("/nonexistent/mr.toml: no such file (a file named with --config must exist)"), "\(result.stderr)")
        #expect(!result.stderr.contains("broken"), "\(result.stderr)")
    }

    @Test("mediaremotectl reload applies a changed file; a broken one is refused and the old settings stay")
    func reloadByCtl() throws {
        let fixture = try ServiceFixture()
        #expect(Self.mode(fixture) == "compat")
        try fixture.bus.writeConfiguration("[service]\nmode = \"strict\"\n")
        let reloaded = try Self.ctl(fixture, ["reload"])
        #expect(reloaded.status == 0, "\(reloaded.stderr)")
        #expect(reloaded.stdout == "reloaded \(fixture.bus.configHome.path)/mediaremote/config.toml\n", "\(reloaded.stdout)")
        #expect(fixture.wait { Self.mode(fixture) == "strict" })

        try fixture.bus.writeConfiguration("[service]\nmode = \"strict\"\n\n[shake]\naction = \"skip\"\n")
        let refused = try Self.ctl(fixture, ["reload"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("config.toml:5: shake.action: \"skip\" is not allowed"), "\(refused.stderr)")
        #expect(Self.mode(fixture) == "strict")
        #expect(fixture.daemon.isRunning)
    }

    @Test("a reload names the settings the daemon's flags keep over the file's, in the reply, the JSON and the log")
    func reloadKeptByFlags() throws {
        // --mpris-proxy sets what the file does not: nothing of the file's is kept over by it.
        let fixture = try ServiceFixture(arguments: ["--shake-action", "nextTrack", "--mode", "strict", "--mpris-proxy"])
        try fixture.bus.writeConfiguration("[service]\nmode = \"compat\"\ncall_timeout_ms = 400\n\n[shake]\naction = \"none\"\n")
        let reloaded = try Self.ctl(fixture, ["reload"])
        #expect(reloaded.status == 0, "\(reloaded.stderr)")
        let file = fixture.bus.configHome.appendingPathComponent("mediaremote/config.toml").path
        #expect(reloaded.stdout == "reloaded \(file); mediaremoted's flags keep: service.mode, shake.action\n", "\(reloaded.stdout)")
        #expect(Self.mode(fixture) == "strict")
        let json = try Self.ctl(fixture, ["reload", "--json"])
        #expect(json.stdout == #"{"reloaded":true,"file":"\#(file)","problems":[],"kept_by_flags":["service.mode","shake.action"]}"# + "\n")
        let log = fixture.daemon.stop().stderr
        // Only what the file changed is told changed: the flags' settings stay as they were.
        #expect(log.contains("configuration reloaded: service.call_timeout_ms; the command line's flags keep service.mode, shake.action over the file"), "\(log)")
    }

    @Test("SIGHUP reloads; with a broken file the daemon logs why and goes on")
    func reloadBySIGHUP() throws {
        let fixture = try ServiceFixture()
        try fixture.bus.writeConfiguration("[service]\nmode = \"strict\"\n")
        kill(fixture.daemon.pid, SIGHUP)
        #expect(fixture.wait { Self.mode(fixture) == "strict" })
        try fixture.bus.writeConfiguration("[service]\nmode = compat\n")
        kill(fixture.daemon.pid, SIGHUP)
        // SIGTERM comes after SIGHUP (pending signals are taken lowest first): the daemon read
        // the broken file, said why, and was still there to stop cleanly. That the settings in
        // use stay is seen through the Reload method (reloadByCtl).
        let result = fixture.daemon.stop()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("configuration reloaded: service.mode"), "\(result.stderr)")
        #expect(result.stderr.contains("the configuration was not reloaded, the one in use stays"), "\(result.stderr)")
        #expect(result.stderr.contains("config.toml:2: 'compat' is not a value; strings need quotes"), "\(result.stderr)")
    }

    @Test("the MPRIS proxy turned on and off again by reloads")
    func proxyOnReload() throws {
        let fixture = try ServiceFixture()
        let proxy: BusName = "org.mpris.MediaPlayer2.mediaremote"
        #expect(fixture.nowPlaying == "")
        #expect(try !fixture.client.listNames().contains(proxy))
        try fixture.bus.writeConfiguration("[service]\nmpris_proxy = true\n")
        #expect(try Self.ctl(fixture, ["reload"]).status == 0)
        #expect(try fixture.client.listNames().contains(proxy))
        let status = try fixture.client.callBlocking(.methodCall(
            destination: proxy, path: "/org/mpris/MediaPlayer2", interface: .properties, member: "Get",
            arguments: [.string("org.mpris.MediaPlayer2.Player"), .string("PlaybackStatus")]))
        #expect(status.arguments == [.variant(.string("Stopped"))])
        try fixture.bus.writeConfiguration("")
        #expect(try Self.ctl(fixture, ["reload"]).status == 0)
        #expect(try !fixture.client.listNames().contains(proxy))
    }

    @Test("flags win over the file, across reloads too")
    func flagsWin() throws {
        let fixture = try ServiceFixture(arguments: ["--mode", "compat"], configuration: "[service]\nmode = \"strict\"\n")
        #expect(Self.mode(fixture) == "compat")
        #expect(try Self.ctl(fixture, ["reload"]).status == 0)
        #expect(Self.mode(fixture) == "compat")
    }

    @Test("ignoring a player on reload drops it; un-ignoring finds it again")
    func ignorePlayersOnReload() throws {
        let fixture = try ServiceFixture()
        let mpv = try MPV(fixture)
        let short = mpv.name.replacingOccurrences(of: "org.mpris.MediaPlayer2.", with: "")
        try fixture.bus.writeConfiguration("[players]\nignore = [\"\(short)\"]\n")
        #expect(try Self.ctl(fixture, ["reload"]).status == 0)
        #expect(fixture.wait { fixture.players.isEmpty }, "\(fixture.players)")
        #expect(fixture.send("play") == "discarded")
        try fixture.bus.writeConfiguration("")
        #expect(try Self.ctl(fixture, ["reload"]).status == 0)
        #expect(fixture.wait { fixture.players.contains { $0.hasPrefix(mpv.name + " ") } }, "\(fixture.players)")
    }

    @Test("--ignore-player mpv ignores the player as ignore = [\"mpv\"] in the file does")
    func ignorePlayerFlagTakesTheShortName() throws {
        let fixture = try ServiceFixture(arguments: ["--ignore-player", "mpv"])
        let before = Set(try fixture.client.listNames())
        _ = try fixture.spawn("/usr/bin/mpv", MPV.arguments)
        #expect(fixture.wait(timeout: .seconds(20)) {
            Set((try? fixture.client.listNames()) ?? []).subtracting(before).contains { $0.rawValue.hasPrefix("org.mpris.MediaPlayer2.mpv") }
        })
        // Not ignored, an mpv is listed once it has answered MediaRemote's GetAll (MPV waits
        // for that); ignored, it is still not listed 3 s after it appeared.
        #expect(!fixture.wait(timeout: .seconds(3)) { !fixture.players.isEmpty }, "\(fixture.players)")
        #expect(fixture.send("play") == "discarded")
        // mediaremotectl players lists it all the same, as ignored, and by which rule.
        let players = try Self.ctl(fixture, ["players"]).stdout
        #expect(players.contains(") ignored\n") || players.contains(")  ignored\n"), "\(players)")
        #expect(players.contains("    ignored: players.ignore (or --ignore-player) lists org.mpris.MediaPlayer2.mpv\n"), "\(players)")
        #expect(!players.contains("no players"), "\(players)")
        let json = try Self.ctl(fixture, ["players", "--json"]).stdout
        #expect(json.contains(#""status":null"#) && json.contains(#""reason":"ignored: players.ignore"#), "\(json)")
    }

    @Test("mediaremotectl check: valid, broken with every problem, missing, and the default file")
    func check() throws {
        let bus = try PrivateBus()
        let environment = bus.environment
        let none = try Subprocess.run(DaemonTests.ctl, ["check"], environment: environment)
        #expect(none.status == 0)
        #expect(none.stdout.hasSuffix("mediaremote/config.toml: no such file; the defaults apply\n"), "\(none.stdout)")

        try bus.writeConfiguration("[keys]\nseek_step_ms = 2000\n")
        let valid = try Subprocess.run(DaemonTests.ctl, ["check"], environment: environment)
        #expect(valid.status == 0)
        #expect(valid.stdout.hasSuffix("mediaremote/config.toml: valid\n"), "\(valid.stdout)")

        let broken = bus.directory.appendingPathComponent("broken.toml")
        try "[keys]\nseek_step_ms = 0\n[devices]\ngrab = true\nnoise = 1\n".write(to: broken, atomically: true, encoding: .utf8)
        let refused = try Subprocess.run(DaemonTests.ctl, ["check", broken.path], environment: environment)
        #expect(refused.status == 65)
        #expect(refused.stderr.split(separator: "\n").map(String.init) == [
            "\(broken.path):2: keys.seek_step_ms: 0 is out of range; allowed: 100 to 600000 ms",
            // A key of an older MediaRemote: what changed, not "unknown".
            "\(broken.path):4: devices.grab: no longer a setting: every device MediaRemote reads is taken over "
                + "(grabbed, its other keys passed on) whenever /dev/uinput is writable; remove this line",
            "\(broken.path):5: devices.noise: unknown key; [devices] has read_keyboards, include, exclude",
            "mediaremotectl: \(broken.path) is not valid: 3 problems",
        ])

        let missing = try Subprocess.run(DaemonTests.ctl, ["check", "/nonexistent.toml"], environment: environment)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("/nonexistent.toml: cannot read it"))
    }
}
