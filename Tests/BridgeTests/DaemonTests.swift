import Bridge
import DBus
import DBusTypes
import Foundation
import Loop
import MediaRemoteAPI
import Testing
import TestSupport

/// mediaremoted as a process on a private bus, driven by our client, busctl and mediaremotectl.
@Suite("mediaremoted: owns its name, exports the bridge object, stops cleanly")
struct DaemonTests {
    static let daemon = BuiltProducts.path("mediaremoted")
    static let ctl = BuiltProducts.path("mediaremotectl")

    /// Starts the daemon (with `extra` in its environment) and waits until it owns its name.
    static func start(on bus: PrivateBus, environment extra: [String: String] = [:]) throws -> Subprocess {
        let process = Subprocess(daemon, [], environment: bus.environment.merging(extra) { $1 })
        try process.start()
        let connection = try bus.connect()
        var owner: BusName?
        let watch = connection.watchNameOwner(MediaRemoteNames.busName) { owner = $0 }
        defer { watch.cancel() }
        connection.loop.run(until: { owner != nil || !process.isRunning }, timeout: .seconds(20))
        guard owner != nil else {
            throw TestFailure("mediaremoted did not take its name: \(process.stop().stderr)")
        }
        return process
    }

    @Test("it owns org.mediaremote.MediaRemote1 and answers Peer.Ping and the Version property")
    func answers() throws {
        let bus = try PrivateBus()
        let daemon = try Self.start(on: bus)
        let client = try bus.connect()
        _ = try client.callBlocking(.methodCall(destination: MediaRemoteNames.busName, path: MediaRemoteNames.objectPath,
                                                interface: .peer, member: "Ping"))
        let reply = try client.callBlocking(.methodCall(
            destination: MediaRemoteNames.busName, path: MediaRemoteNames.objectPath, interface: .properties, member: "Get",
            arguments: [.string(MediaRemoteNames.interface.rawValue), .string(MediaRemoteMembers.version.name.rawValue)]))
        #expect(reply.arguments == [.variant(.string(MediaRemoteVersion.current))])
        let result = daemon.stop()
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("SIGTERM and SIGINT stop it cleanly: exit 0, name released", arguments: [SIGTERM, SIGINT])
    func stops(signal: Int32) throws {
        let bus = try PrivateBus()
        let daemon = try Self.start(on: bus)
        let result = daemon.stop(signal: signal)
        #expect(result.status == 0, "\(result.stderr)")
        let names = try bus.connect().listNames()
        #expect(!names.contains(MediaRemoteNames.busName))
    }

    @Test("when the bus goes away it exits 1, so systemd restarts it")
    func busLost() throws {
        let bus = try PrivateBus()
        let daemon = try Self.start(on: bus)
        bus.stop()
        let result = daemon.wait()
        #expect(result.status == 1)
        #expect(result.stderr.contains("lost the connection to the session bus"))
    }

    @Test("without a reachable bus it exits 1 and says why, naming where it looked")
    func noBus() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent/mediaremote-test-bus"
        let result = try Subprocess.run(Self.daemon, [], environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot connect to the session bus"), "\(result.stderr)")
        #expect(result.stderr.contains("at unix:path=/nonexistent/mediaremote-test-bus (from DBUS_SESSION_BUS_ADDRESS)"), "\(result.stderr)")
        // Without the variable: the user's socket in XDG_RUNTIME_DIR.
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        environment["XDG_RUNTIME_DIR"] = "/nonexistent/runtime"
        environment["DISPLAY"] = nil
        let unset = try Subprocess.run(Self.daemon, [], environment: environment)
        #expect(unset.status == 1)
        #expect(unset.stderr.contains("DBUS_SESSION_BUS_ADDRESS is not set and there is no /nonexistent/runtime/bus"), "\(unset.stderr)")
    }

    @Test("the live object's interface is the one in dbus/org.mediaremote.MediaRemote1.xml")
    func liveIntrospection() throws {
        let bus = try PrivateBus()
        let daemon = try Self.start(on: bus)
        defer { _ = daemon.stop() }
        let reply = try bus.connect().callBlocking(.methodCall(
            destination: MediaRemoteNames.busName, path: MediaRemoteNames.objectPath, interface: .introspectable, member: "Introspect"))
        guard case .string(let live)? = reply.arguments.first else {
            Issue.record("no introspection")
            return
        }
        let contract = try InterfaceFile.interfaceBlock(InterfaceFile.read("org.mediaremote.MediaRemote1.xml"))
        #expect(!contract.isEmpty)
        #expect(live.contains(contract), "live:\n\(live)\ncontract:\n\(contract)")
        for standard in ["org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Properties", "org.freedesktop.DBus.Peer"] {
            #expect(live.contains("<interface name=\"\(standard)\">"))
        }
    }

    @Test("--bus-introspect prints the interface file, less its comments")
    func busIntrospect() throws {
        let result = try Subprocess.run(Self.daemon, ["--bus-introspect"])
        #expect(result.status == 0)
        #expect(result.stdout == InterfaceFile.withoutComments(try InterfaceFile.read("org.mediaremote.MediaRemote1.xml")))
    }

    @Test("--version, --help, an unknown option, and a mode that is none")
    func flags() throws {
        #expect(try Subprocess.run(Self.daemon, ["--version"]).stdout == "mediaremoted \(MediaRemoteVersion.current)\n")
        #expect(try Subprocess.run(Self.daemon, ["--help"]).stdout.contains("--bus-introspect"))
        let unknown = try Subprocess.run(Self.daemon, ["--frobnicate"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown option '--frobnicate'"))
        let mode = try Subprocess.run(Self.daemon, ["--mode", "bogus"])
        #expect(mode.status == 2 && mode.stderr.contains("--mode takes compat or strict, not 'bogus'"), "\(mode.stderr)")
    }

    /// A terminal wraps a line wider than itself wherever the width runs out, mid-word; and a
    /// description that starts in its own column reads as one block, beside its flag or below it.
    @Test("--help fits in 80 columns, and each option's description starts in one column")
    func helpLayout() throws {
        let help = try Subprocess.run(Self.daemon, ["--help"]).stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let wide = help.filter { $0.count >= 80 }
        #expect(wide.isEmpty, "\(wide)")
        // The option table: from the first line that begins with a flag to the blank line after it.
        let table = help.drop { !$0.hasPrefix("  --") }.prefix { !$0.isEmpty }.map(Array.init)
        #expect(table.count >= 14)
        let column = 22
        for line in table {
            // A flag too long for its column stands alone, its description below.
            let flagAlone = line.starts(with: "  --") && !String(line.dropFirst(2)).contains("  ")
            let aligned = line.count > column && line[column] != " " && line[column - 2] == " " && line[column - 1] == " "
            #expect(flagAlone || aligned, "not in the description column \(column): \(String(line))")
        }
    }

    /// The flag takes a player as players.ignore in the file does, by the same rule.
    @Test("--ignore-player takes vlc or org.mpris.MediaPlayer2.vlc, and refuses anything else with exit 2", arguments: [
        ("vlc", nil),
        ("org.mpris.MediaPlayer2.vlc", nil),
        ("vlc.instance42", nil),
        ("not a name", "--ignore-player: 'not a name' is not an MPRIS player name (e.g. \"vlc\" or \"org.mpris.MediaPlayer2.vlc\")"),
        ("org.mpris.MediaPlayer2.", "--ignore-player: 'org.mpris.MediaPlayer2.' is not an MPRIS player name"),
        ("", "--ignore-player: '' is not an MPRIS player name"),
    ] as [(String, String?)])
    func ignorePlayerFlag(name: String, refusal: String?) throws {
        try Self.expectFlag("--ignore-player", name, refusal: refusal)
    }

    @Test("--call-timeout takes what service.call_timeout_ms takes, and refuses the rest in the file's words", arguments: [
        ("1", nil), ("60000", nil), ("0", "--call-timeout takes 1 to 60000 ms, not 0"),
        ("60001", "--call-timeout takes 1 to 60000 ms, not 60001"), ("soon", "--call-timeout takes 1 to 60000 ms, not soon"),
    ] as [(String, String?)])
    func callTimeoutFlag(value: String, refusal: String?) throws {
        try Self.expectFlag("--call-timeout", value, refusal: refusal)
    }

    /// The flags that stand for keys, of each kind: a value (a word, a number), a list's entry,
    /// a switch. Refused before any bus is needed, with exit 2, in the key's words.
    @Test("a key's flag with its value missing or wrong is refused with exit 2 in the key's words", arguments: [
        (["--mode"], "--mode takes compat or strict"),
        (["--shake-action", "skip"], "--shake-action takes none, nextTrack, previousTrack, togglePlayPause or shuffle, not 'skip'"),
        (["--shake-action"], "--shake-action takes none, nextTrack, previousTrack, togglePlayPause or shuffle"),
        (["--call-timeout"], "--call-timeout takes 1 to 60000 ms"),
        (["--ignore-player"], "--ignore-player takes a player name (\"vlc\" or \"org.mpris.MediaPlayer2.vlc\")"),
        // A switch takes no value: what follows it is the next flag.
        (["--read-keyboards", "true"], "unknown option 'true'"),
        (["--no-mpris-proxy", "false"], "unknown option 'false'"),
    ])
    func keyFlagRefused(arguments: [String], refusal: String) throws {
        let result = try Subprocess.run(Self.daemon, arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(refusal), "\(result.stderr)")
    }

    @Test("--grab, a flag of an older MediaRemote, is refused with what changed, not as unknown")
    func grabFlag() throws {
        let result = try Subprocess.run(Self.daemon, ["--grab", "--version"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--grab is gone: every device MediaRemote reads is taken over whenever /dev/uinput is writable"),
                "\(result.stderr)")
    }

    /// `flag value` taken, or refused with exit 2 and `refusal`. Parsing alone: --version ends
    /// the run before any bus is needed.
    static func expectFlag(_ flag: String, _ value: String, refusal: String?) throws {
        let result = try Subprocess.run(daemon, [flag, value, "--version"])
        if let refusal {
            #expect(result.status == 2)
            #expect(result.stderr.contains(refusal), "\(result.stderr)")
        } else {
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        }
    }
}

/// The interface files in dbus/, as a test reads them.
extension DaemonTests {
    @Test("make run without a session bus: it says where mediaremotectl is and prints the export line, and a client using it reaches the service")
    func runWithoutBus() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        environment["XDG_RUNTIME_DIR"] = "/nonexistent/runtime"
        let script = BuiltProducts.repositoryRoot.appendingPathComponent("tools/run-on-session-bus.sh").path
        // In a session of its own, as make run is in a terminal: Ctrl-C (SIGINT to the group)
        // ends it all, the private bus and mediaremoted with the script.
        let run = Subprocess("/usr/bin/setsid", ["/bin/sh", script, Self.daemon], environment: environment)
        try run.start()
        defer {
            kill(-run.pid, SIGINT)
            _ = run.stop()
        }
        let folder = URL(fileURLWithPath: Self.daemon).deletingLastPathComponent().path
        #expect(run.readLine() == "make run: mediaremotectl is \(folder)/mediaremotectl; to call it by name from another shell:")
        let path = run.readLine()
        #expect(path == "  export PATH=\"\(folder):$PATH\"")
        #expect(FileManager.default.isExecutableFile(atPath: folder + "/mediaremotectl"))
        #expect(run.readLine() == "make run: no session bus here; starting mediaremoted on a private bus (dbus-run-session).")
        if getuid() == 0 {
            #expect(run.readLine()?.hasPrefix("make run: as root, dbus-daemon's \"Failed to set fd limit\" warning is harmless") == true)
        }
        #expect(run.readLine() == "make run: to reach it from another shell (mediaremotectl, playerctl, players):")
        guard let export = run.readLine(), export.hasPrefix("  export DBUS_SESSION_BUS_ADDRESS=\"unix:"), export.hasSuffix("\"") else {
            Issue.record("no export line")
            return
        }
        let address = String(export.dropFirst("  export DBUS_SESSION_BUS_ADDRESS=\"".count).dropLast())
        var client = environment
        client["DBUS_SESSION_BUS_ADDRESS"] = address
        var ping = try Subprocess.run(Self.ctl, ["ping"], environment: client)
        for _ in 0..<100 where ping.status != 0 {
            usleep(50_000)
            ping = try Subprocess.run(Self.ctl, ["ping"], environment: client)
        }
        #expect(ping.status == 0, "\(ping.stderr)")
        #expect(ping.stdout.hasPrefix("mediaremoted (:1."), "\(ping.stdout)")
    }
}
