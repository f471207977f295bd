import ArgumentParser
import Bridge
import DBus
import Foundation
import Testing
import TestSupport

@testable import MediaRemoteCtl

@Suite("mediaremotectl: parsing, and talking to the service")
struct CtlTests {
    @Test("every subcommand parses")
    func parsing() throws {
        #expect(try MediaRemoteCommand.parseAsRoot(["ping"]) is Ping)
        let root = try MediaRemoteCommand.parseAsRoot(["--version"])
        #expect((root as? MediaRemoteCommand)?.version == true)
        #expect((try MediaRemoteCommand.parseAsRoot(["status", "--json"]) as? Status)?.json == true)
        #expect((try MediaRemoteCommand.parseAsRoot(["players"]) as? Players)?.json == false)
        #expect((try MediaRemoteCommand.parseAsRoot(["monitor", "--json"]) as? Monitor)?.json == true)
        #expect(try MediaRemoteCommand.parseAsRoot(["shake"]) is Shake)
        #expect(throws: (any Error).self) { try MediaRemoteCommand.parseAsRoot(["ping", "extra"]) }
        #expect(throws: (any Error).self) { try MediaRemoteCommand.parseAsRoot(["bogus"]) }
    }

    @Test(
        "send: the CLI's names become subtypes",
        arguments: [
            (["play"], "play"), (["pause"], "pause"), (["toggle"], "togglePlayPause"), (["stop"], "stop"),
            (["next"], "nextTrack"), (["previous"], "previousTrack"), (["seek-forward", "begin"], "beginSeekingForward"),
            (["seek-forward", "end"], "endSeekingForward"), (["seek-backward", "begin"], "beginSeekingBackward"),
            (["seek-backward", "end"], "endSeekingBackward"),
        ])
    func sendNames(_ arguments: [String], _ subtype: String) throws {
        let command = try MediaRemoteCommand.parseAsRoot(["send"] + arguments)
        #expect(try (command as? Send)?.subtype() == subtype)
    }

    @Test("send: wrong arguments are refused with a reason", arguments: [["fastforward"], ["seek-forward"], ["seek-forward", "hold"], ["play", "begin"], []])
    func sendRefuses(_ arguments: [String]) {
        #expect(throws: (any Error).self) { try MediaRemoteCommand.parseAsRoot(["send"] + arguments) }
    }

    @Test("shell completions are generated for bash, zsh and fish", arguments: ["bash", "zsh", "fish"])
    func completions(_ shell: String) throws {
        let result = try Subprocess.run(DaemonTests.ctl, ["--generate-completion-script", shell])
        #expect(result.status == 0)
        for word in ["status", "players", "send", "shake", "monitor", "ping"] {
            #expect(result.stdout.contains(word), "\(shell): \(word)")
        }
    }

    @Test("JSON lines escape what they must, in the order given")
    func json() {
        let line = JSONLine([("a", .string("q\"\\\n\u{1}")), ("b", .number(7)), ("c", .array([.bool(true)]))])
        #expect(line.text == #"{"a":"q\"\\\n\u0001","b":7,"c":[true]}"#)
    }

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

    @Test("when the service is not running: a hint and exit status 69", arguments: [["ping"], ["--version"]])
    func notRunning(arguments: [String]) throws {
        let bus = try PrivateBus()
        let result = try Subprocess.run(DaemonTests.ctl, arguments, environment: bus.environment)
        #expect(result.status == ExitStatus.unavailable.rawValue)
        #expect(result.stderr.contains("mediaremoted is not running"))
        #expect(result.stderr.contains("systemctl --user start mediaremoted"))
    }

    @Test("without a session bus: a clear message and exit status 69")
    func noBus() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent/mediaremote-test-bus"
        let result = try Subprocess.run(DaemonTests.ctl, ["ping"], environment: environment)
        #expect(result.status == ExitStatus.unavailable.rawValue)
        #expect(result.stderr.contains("cannot connect to the session bus"))
    }

    @Test("a wrong argument: usage and exit status 64")
    func usage() throws {
        let result = try Subprocess.run(DaemonTests.ctl, ["bogus"])
        #expect(result.status == ExitStatus.usage.rawValue)
    }

    @Test("motion replay: a recorded shake's events, as text and JSON lines, through a device profile; bad files explained")
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

        let json = try Subprocess.run(DaemonTests.ctl, ["motion", "replay", shake.path, "--json"])
        #expect(json.status == 0)
        let lines = json.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("{\"phase\":\"began\",\"t_s\":1.") == true)
        #expect(lines.last?.hasPrefix("{\"phase\":\"ended\",\"t_s\":") == true)
        let text = try Subprocess.run(DaemonTests.ctl, ["motion", "replay", shake.path, "--profile", "lis3lv02d"])
        #expect(text.stdout.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) } == ["began", "ended"])
        let deaf = try Subprocess.run(DaemonTests.ctl, ["motion", "replay", shake.path, "--sensitivity", "8"])
        #expect(deaf.status == 0 && deaf.stdout.isEmpty)

        let broken = directory.appendingPathComponent("broken.csv")
        try "t_s,ax_g,ay_g,az_g\n0,0,0,1\n0.01,x,0,1\n".write(to: broken, atomically: true, encoding: .utf8)
        let bad = try Subprocess.run(DaemonTests.ctl, ["motion", "replay", broken.path])
        #expect(bad.status == ExitStatus.failure.rawValue)
        #expect(bad.stderr.contains("line 3"))
        let missing = try Subprocess.run(DaemonTests.ctl, ["motion", "replay", directory.appendingPathComponent("none.csv").path])
        #expect(missing.status == ExitStatus.failure.rawValue && missing.stderr.contains("No such file"))
        let profile = try Subprocess.run(DaemonTests.ctl, ["motion", "replay", shake.path, "--profile", "iphone"])
        #expect(profile.status == ExitStatus.usage.rawValue && profile.stderr.contains("unknown profile 'iphone'"))
        #expect(MotionCommand.Replay.seconds(9_620_000) == "9.62" && MotionCommand.Replay.seconds(10_000_400) == "10.0")
    }

    @Test("milliseconds print with two decimals", arguments: [(0, "0.00"), (4, "0.00"), (5, "0.01"), (1234, "1.23"), (120_000, "120.00")] as [(UInt64, String)])
    func milliseconds(microseconds: UInt64, text: String) {
        #expect(formatMilliseconds(microseconds: microseconds) == text)
    }

    @Test("send, status, players, shake and monitor against a running service with a real player")
    func subcommands() throws {
        let fixture = try ServiceFixture()
        let environment = fixture.bus.environment
        let ctl = DaemonTests.ctl
        let discarded = try Subprocess.run(ctl, ["send", "toggle"], environment: environment)
        #expect(discarded.status == 1)
        #expect(discarded.stdout == "discarded: no app is receiving remote-control events\n")
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
        #expect(status.stdout.contains("Now Playing:     \(a.name)\n"))
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
        #expect(shake.stdout == "began: discarded: no responder is first responder\nended: discarded: no responder is first responder\n")
        #expect(monitor.readLine()?.hasSuffix("remoteControl  togglePlayPause  from api  handled by \(a.name) /org/mpris/MediaPlayer2") == true)
        #expect(monitor.readLine()?.contains("motion  shake began  from simulated  discarded: noFirstResponder") == true)
        #expect(monitorJSON.readLine()?.contains(#""subtype":"togglePlayPause","phase":"","source":"api","handled":true"#) == true)
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
        #expect(listed.contains(#""class":"other","read":false,"reason":"cannot use \#(node): not an input device"#), "\(listed)")
        try FileManager.default.removeItem(atPath: node)
        #expect(fixture.wait {
            (try? Subprocess.run(DaemonTests.ctl, ["devices"], environment: environment).stdout) == "no input devices\n"
        })
        #expect(fixture.send("play") == "discarded")
    }
}
