import ArgumentParser
import Bridge
import DBus
import DBusTypes
import Foundation
import MediaRemoteAPI
import Testing
import TestSupport
import Time

@testable import MediaRemoteCtl

@Suite("mediaremotectl talking to the service")
struct CtlTests {
    @Test("ping and --version reach a running service")
    func running() throws {
        let bus = try PrivateBus()
        let daemon = try DaemonTests.start(on: bus)
        defer { _ = daemon.stop() }
        let ping = try Subprocess.run(DaemonTests.ctl, ["ping"], environment: bus.environment)
        #expect(ping.status == 0, "\(ping.stderr)")
        #expect(ping.stdout.hasPrefix("mediaremoted (:1."), "\(ping.stdout)")
        #expect(ping.stdout.contains(" answered in "))
        let version = try Subprocess.run(DaemonTests.ctl, ["--version"], environment: bus.environment)
        #expect(version.status == 0)
        #expect(version.stdout == "mediaremotectl \(MediaRemoteVersion.current)\nmediaremoted \(MediaRemoteVersion.current)\n")
    }

    @Test("without the service: ping gives a hint and exits 69")
    func notRunning() throws {
        let bus = try PrivateBus()
        let result = try Subprocess.run(DaemonTests.ctl, ["ping"], environment: bus.environment)
        #expect(result.status == ExitStatus.unavailable.rawValue)
        #expect(result.stderr.hasPrefix("mediaremotectl: mediaremoted is not running"))
        #expect(result.stderr.contains("systemctl --user start mediaremoted"))
    }

    @Test("--version prints the client's version and exits 0 without the service, without a bus, and at once")
    func versionAlone() throws {
        let bus = try PrivateBus()
        var noBus = ProcessInfo.processInfo.environment
        noBus["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent/mediaremote-test-bus"
        var noEnvironment = noBus
        noEnvironment["DBUS_SESSION_BUS_ADDRESS"] = nil
        noEnvironment["XDG_RUNTIME_DIR"] = nil
        for environment in [bus.environment, noBus, noEnvironment] {
            let start = ContinuousClock.now
            let result = try Subprocess.run(DaemonTests.ctl, ["--version"], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "mediaremotectl \(MediaRemoteVersion.current)\n")
            #expect(result.stderr.isEmpty)
            #expect(ContinuousClock.now - start < .seconds(2))
        }
    }

    /// Every command takes --json, as the README says: --version too.
    @Test("--version --json: one object, exit 0, the service's version null without it, in either order")
    func versionJSON() throws {
        let bus = try PrivateBus()
        let version = MediaRemoteVersion.current
        for arguments in [["--version", "--json"], ["--json", "--version"]] {
            let alone = try Subprocess.run(DaemonTests.ctl, arguments, environment: bus.environment)
            #expect(alone.status == 0, "\(alone.stderr)")
            #expect(alone.stdout == #"{"version":"\#(version)","service_version":null}"# + "\n")
        }
        let daemon = try DaemonTests.start(on: bus)
        defer { _ = daemon.stop() }
        let running = try Subprocess.run(DaemonTests.ctl, ["--version", "--json"], environment: bus.environment)
        #expect(running.status == 0)
        #expect(running.stdout == #"{"version":"\#(version)","service_version":"\#(version)"}"# + "\n")
    }

    @Test("a service that owns its name but never answers: --version waits half a second, then prints the client's alone")
    func versionSilentService() throws {
        let bus = try PrivateBus()
        let silent = try bus.connect()
        #expect(try silent.requestName(MediaRemoteNames.busName) == .primaryOwner)
        // Its loop never runs: the call reaches it and is never answered.
        let start = ContinuousClock.now
        let result = try Subprocess.run(DaemonTests.ctl, ["--version"], environment: bus.environment)
        #expect(result.status == 0)
        #expect(result.stdout == "mediaremotectl \(MediaRemoteVersion.current)\n")
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test(
        "without a session bus: the hint names the address or socket tried, and what to do; exit status 69",
        arguments: [
            (["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/mediaremote-test-bus"],
             "cannot connect to the session bus at unix:path=/nonexistent/mediaremote-test-bus (from DBUS_SESSION_BUS_ADDRESS): "),
            (["XDG_RUNTIME_DIR": "/nonexistent/mediaremote-runtime"],
             "cannot connect to the session bus: DBUS_SESSION_BUS_ADDRESS is not set and there is no /nonexistent/mediaremote-runtime/bus (from XDG_RUNTIME_DIR); "),
            ([:], "cannot connect to the session bus: neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set"),
        ])
    func noBus(variables: [String: String], hint: String) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        environment["XDG_RUNTIME_DIR"] = nil
        environment["DISPLAY"] = nil
        environment.merge(variables) { $1 }
        let result = try Subprocess.run(DaemonTests.ctl, ["ping"], environment: environment)
        #expect(result.status == ExitStatus.unavailable.rawValue)
        #expect(result.stderr.hasPrefix("mediaremotectl: " + hint), "\(result.stderr)")
        #expect(result.stderr.contains(" DBUS_SESSION_BUS_ADDRESS ") && result.stderr.hasSuffix(" your session bus's address\n"))
    }

    @Test("motion replay: a recorded shake's events, as text and a JSON array, through a device profile; bad files explained")
    func motionReplay() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // 1.5 s still, 1.2 s of a ±2 g shake at 5 Hz on X, 1.5 s still; 100 Hz.
        var csv = "t_s,ax_g,ay_g,az_g\n"
        for i in 0..<420 {
            let t = Double(i) / 100
            let x = t >= 1.5 && t < 2.7 ? 2 * sin(2 * .pi * 5 * (t - 1.5)) : 0
            csv += "\(t),\(x),0,1\n"
        }
        let shake = directory.appendingPathComponent("shake.csv")
        try csv.write(to: shake, atomically: true, encoding: .utf8)
        // Saved by a program that marks its UTF-8 and ends lines as Windows does: the same events.
        let marked = directory.appendingPathComponent("marked.csv")
        try ("\u{FEFF}" + csv.replacingOccurrences(of: "\n", with: "\r\n")).write(to: marked, atomically: true, encoding: .utf8)

        let json = try Subprocess.run(DaemonTests.ctl, ["motion", "replay", shake.path, "--json"])
        #expect(json.status == 0)
        #expect(json.stdout.hasPrefix(#"[{"phase":"began","t_s":1."#), "\(json.stdout)")
        #expect(json.stdout.contains(#"},{"phase":"ended","t_s":"#) && json.stdout.hasSuffix("}]\n"))
        // Every time to the millisecond, three decimals, in the JSON as in the text.
        #expect(json.stdout.matches(of: /"t_s":([0-9.]+)/).map { $0.1 }.allSatisfy { $0.wholeMatch(of: /[0-9]+\.[0-9]{3}/) != nil })
        // `-`: the same recording down a pipe.
        let piped = Subprocess(DaemonTests.ctl, ["motion", "replay", "--json", "-"])
        try piped.start()
        piped.writeLine(csv)
        let pipedJSON = piped.wait()
        #expect(pipedJSON.status == 0 && pipedJSON.stdout == json.stdout, "\(pipedJSON.stderr)")
        let markedJSON = try Subprocess.run(DaemonTests.ctl, ["motion", "replay", marked.path, "--json"])
        #expect(markedJSON.status == 0 && markedJSON.stdout == json.stdout, "\(markedJSON.stderr)")
        let text = try Subprocess.run(DaemonTests.ctl, ["motion", "replay", shake.path, "--profile", "lis3lv02d"])
        #expect(text.stdout.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) } == ["began", "ended"])
        #expect(text.stdout.split(separator: "\n").allSatisfy { $0.wholeMatch(of: /[a-z]+ +[0-9]+\.[0-9]{3} s/) != nil }, "\(text.stdout)")
        // Cut 0.7 s into the shake: it is cancelled where the recording ends, as when a sensor goes.
        let cut = directory.appendingPathComponent("cut.csv")
        try csv.split(separator: "\n").prefix(221).joined(separator: "\n").write(to: cut, atomically: true, encoding: .utf8)
        let cutText = try Subprocess.run(DaemonTests.ctl, ["motion", "replay", cut.path])
        #expect(cutText.status == 0 && cutText.stdout.hasPrefix("began     1.") && cutText.stdout.hasSuffix(" s\ncancelled 2.190 s  (the samples ended)\n"), "\(cutText.stdout)")
        let cutJSON = try Subprocess.run(DaemonTests.ctl, ["motion", "replay", cut.path, "--json"])
        #expect(cutJSON.status == 0 && cutJSON.stdout.hasSuffix(#"},{"phase":"cancelled","t_s":2.190,"why":"the samples ended","advice":null}]"# + "\n"), "\(cutJSON.stdout)")
        let deaf = try Subprocess.run(DaemonTests.ctl, ["motion", "replay", shake.path, "--sensitivity", "8"])
        #expect(deaf.status == 0 && deaf.stdout.isEmpty)
        let deafJSON = try Subprocess.run(DaemonTests.ctl, ["motion", "replay", shake.path, "--sensitivity", "8", "--json"])
        #expect(deafJSON.status == 0 && deafJSON.stdout == "[]\n")

        let broken = directory.appendingPathComponent("broken.csv")
        try "t_s,ax_g,ay_g,az_g\n0,0,0,1\n0.01,x,0,1\n".write(to: broken, atomically: true, encoding: .utf8)
        let bad = try Subprocess.run(DaemonTests.ctl, ["motion", "replay", broken.path])
        #expect(bad.status == ExitStatus.dataError.rawValue)
        #expect(bad.stderr == "mediaremotectl: \(broken.path): line 3: '0.01,x,0,1' is not four numbers (seconds and three axes in g)\n")
        let brokenPipe = Subprocess(DaemonTests.ctl, ["motion", "replay", "-"])
        try brokenPipe.start()
        brokenPipe.writeLine("t_s,ax_g,ay_g,az_g\n0,0,0,1\n0.01,x,0,1")
        let badPipe = brokenPipe.wait()
        #expect(badPipe.status == ExitStatus.dataError.rawValue)
        #expect(badPipe.stderr == "mediaremotectl: standard input: line 3: '0.01,x,0,1' is not four numbers (seconds and three axes in g)\n")
        let missing = try Subprocess.run(DaemonTests.ctl, ["motion", "replay", directory.appendingPathComponent("none.csv").path])
        #expect(missing.status == ExitStatus.noInput.rawValue && missing.stderr.contains("No such file"))
        let profile = try Subprocess.run(DaemonTests.ctl, ["motion", "replay", shake.path, "--profile", "iphone"])
        #expect(profile.status == ExitStatus.usage.rawValue && profile.stderr.contains("unknown profile 'iphone'"))
    }

    @Test("send seek-forward end with no seek in progress says so, not that everyone declined")
    func endWithoutSeek() throws {
        let fixture = try ServiceFixture()
        let player = try MPV(fixture)
        let end = try Subprocess.run(DaemonTests.ctl, ["send", "seek-forward", "end"], environment: fixture.bus.environment)
        #expect(end.status == ExitStatus.failure.rawValue)
        #expect(end.stdout == "discarded: no seek in that direction is in progress\n", "\(end.stdout)")
        let begin = try Subprocess.run(DaemonTests.ctl, ["send", "seek-forward", "begin"], environment: fixture.bus.environment)
        #expect(begin.stdout == "handled by \(player.name) /org/mpris/MediaPlayer2\n")
        let ended = try Subprocess.run(DaemonTests.ctl, ["send", "seek-forward", "end"], environment: fixture.bus.environment)
        #expect(ended.status == 0 && ended.stdout == "handled by \(player.name) /org/mpris/MediaPlayer2\n", "\(ended.stdout)")
    }

    @Test("send, status, players, shake and monitor against a running service with a real player")
    func subcommands() throws {
        let fixture = try ServiceFixture()
        let environment = fixture.bus.environment
        let ctl = DaemonTests.ctl
        let discarded = try Subprocess.run(ctl, ["send", "toggle"], environment: environment)
        #expect(discarded.status == 1)
        #expect(discarded.stdout == "discarded: no app is receiving remote-control events\n")
        let shakeDiscarded = try Subprocess.run(ctl, ["shake"], environment: environment)
        #expect(shakeDiscarded.status == 1, "every phase discarded: as send")
        let connections = try fixture.client.listNames().filter(\.isUnique).count
        let monitor = try fixture.spawn(ctl, ["monitor"])
        let monitorJSON = try fixture.spawn(ctl, ["monitor", "--json"])
        // Both have connected (and sent their match rule right after): starting mpv takes longer.
        fixture.wait { ((try? fixture.client.listNames().filter(\.isUnique).count) ?? 0) >= connections + 2 }
        let a = try MPV(fixture)
        let sent = try Subprocess.run(ctl, ["send", "toggle"], environment: environment)
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout == "handled by \(a.name) /org/mpris/MediaPlayer2\n")
        #expect(fixture.wait { a.status == "Playing" && fixture.players.contains("\(a.name) Playing true") })
        let status = try Subprocess.run(ctl, ["status"], environment: environment)
        #expect(status.stdout.contains("Now Playing:     \(a.name) (playing)\n"))
        #expect(status.stdout.contains("Mode:            compat\n"))
        #expect(status.stdout.contains("\(a.name)  Playing  receiving"))
        #expect(status.stdout.contains("Chain:           player \(a.name) (:1."))
        #expect(status.stdout.contains("Motion claims:   none\n"))
        let statusJSON = try Subprocess.run(ctl, ["status", "--json"], environment: environment)
        #expect(statusJSON.stdout.hasPrefix(#"{"version":"\#(MediaRemoteVersion.current)","now_playing":"\#(a.name)""#))
        let players = try Subprocess.run(ctl, ["players"], environment: environment)
        #expect(players.stdout.hasPrefix("* \(a.name) (:1."))
        #expect(players.stdout.contains("Now Playing: playing"))
        #expect(players.stdout.contains(" s ago\n"))
        #expect(players.stdout.contains("can: CanControl CanPlay CanPause CanGoNext CanGoPrevious CanSeek"))
        let shake = try Subprocess.run(ctl, ["shake"], environment: environment)
        #expect(shake.stdout == "began: discarded: no responder is first responder\n"
            + "ended: discarded: no responder is first responder, and no shake action is set (shake.action)\n")
        #expect(shake.status == 1)
        #expect(monitor.readLine()?.hasSuffix("remoteControl  togglePlayPause  from api  handled by \(a.name) /org/mpris/MediaPlayer2") == true)
        // The service's reason, as a sentence, as send and shake print it.
        #expect(monitor.readLine()?.contains("motion  shake began  from simulated  discarded: no responder is first responder") == true)
        #expect(monitorJSON.readLine()?.contains(#""subtype":"togglePlayPause","phase":null,"source":"api","handled":true"#) == true)
    }

    @Test("devices: a node that appears is examined at once, one that goes is dropped (inotify), and errors are reasons")
    func devices() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mediaremote-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fixture = try ServiceFixture(arguments: ["--input-dir", directory.path])
        let environment = fixture.bus.environment
        #expect(try Subprocess.run(DaemonTests.ctl, ["devices"], environment: environment).stdout == "no input devices\n")
        // Not an evdev device: examined, refused with the reason, the service unharmed.
        let node = directory.appendingPathComponent("event7").path
        #expect(FileManager.default.createFile(atPath: node, contents: Data()))
        #expect(fixture.wait {
            (try? Subprocess.run(DaemonTests.ctl, ["devices"], environment: environment).stdout.contains("\(node)  ")) == true
        })
        let listed = try Subprocess.run(DaemonTests.ctl, ["devices", "--json"], environment: environment).stdout
        #expect(listed.contains(#""class":"other","read":false,"reading":null,"clone":null,"reason":"cannot use \#(node): not an input device"#), "\(listed)")
        try FileManager.default.removeItem(atPath: node)
        #expect(fixture.wait {
            (try? Subprocess.run(DaemonTests.ctl, ["devices"], environment: environment).stdout) == "no input devices\n"
        })
        #expect(fixture.send("play") == "discarded")
    }
}
