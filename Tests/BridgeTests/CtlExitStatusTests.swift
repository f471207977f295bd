import Bridge
import Config
import Foundation
import Testing
import TestSupport

@testable import MediaRemoteCtl
import SystemFiles

/// Every exit status mediaremotectl documents, by running the built client: what a script can
/// tell apart, and one error style (`mediaremotectl: …` on standard error) whatever failed.
@Suite("mediaremotectl: exit statuses and error messages")
struct CtlExitStatusTests {
    /// A directory with a valid and a broken configuration, and a broken recording.
    final class Files {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mediaremotectl-status-\(UUID().uuidString)")
        init() throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try "[shake]\naction = \"nextTrack\"\n".write(to: path("valid.toml"), atomically: true, encoding: .utf8)
            try "[shake]\naction = \"skip\"\nbogus = 1\n".write(to: path("broken.toml"), atomically: true, encoding: .utf8)
            try Data([0xff, 0xfe]).write(to: path("binary.toml"))
            try "t_s,ax_g,ay_g,az_g\n0,0,0,1\n0.01,x,0,1\n".write(to: path("broken.csv"), atomically: true, encoding: .utf8)
            try "t_s,ax_g,ay_g,az_g\n0.02,0,0,1\n0.01,0,0,1\n".write(to: path("backwards.csv"), atomically: true, encoding: .utf8)
            try "t_s,ax_g,ay_g,az_g\n".write(to: path("header.csv"), atomically: true, encoding: .utf8)
        }
        deinit { try? FileManager.default.removeItem(at: directory) }
        func path(_ name: String) -> URL { directory.appendingPathComponent(name) }
    }

    static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> ProcessResult {
        try Subprocess.run(DaemonTests.ctl, arguments, environment: environment)
    }

    @Test("the top-level help lists every exit status")
    func documented() throws {
        let help = try Self.run(["--help"])
        #expect(help.status == 0)
        for status in ExitStatus.allCases {
            #expect(help.stdout.contains("\n  \(status.rawValue)".padding(7)), "\(status)")
        }
    }

    @Test(
        "64: a wrong argument or subcommand, in this client's style, then the usage",
        arguments: [
            (["bogus"], "mediaremotectl: unexpected argument 'bogus'\n"),
            (["help", "bogus"], "mediaremotectl: 'bogus' is not a subcommand of 'mediaremotectl'\n"),
            (["help", "motion", "bogus"], "mediaremotectl: 'bogus' is not a subcommand of 'mediaremotectl motion'\n"),
            (["send", "fastforward"], "mediaremotectl: 'fastforward' is not an event; use one of play, pause, toggle, stop, next"),
            (["send"], "mediaremotectl: missing expected argument '<event>'\n"),
            (["ping", "--bogus"], "mediaremotectl: unknown option '--bogus'\n"),
            (["motion", "replay", "x.csv", "--profile", "iphone"], "mediaremotectl: unknown profile 'iphone': one of raw, "),
            (["motion", "replay", "x.csv", "--sensitivity", "-1"], "mediaremotectl: --sensitivity must be a swing of 0.3 to 16 g, not -1\n"),
            (["motion", "replay", "x.csv", "--sensitivity", "20"], "mediaremotectl: --sensitivity must be a swing of 0.3 to 16 g, not 20\n"),
        ])
    func usage(arguments: [String], message: String) throws {
        let result = try Self.run(arguments)
        #expect(result.status == ExitStatus.usage.rawValue)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: mediaremotectl"))
        #expect(result.stdout.isEmpty)
    }

    @Test("help for a subcommand that exists still exits 0", arguments: [["help"], ["help", "send"], ["help", "motion", "replay"], ["help", "help"], ["send", "--help"]])
    func help(arguments: [String]) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("OVERVIEW: ") && result.stderr.isEmpty)
    }

    @Test("check: 0 when valid, 65 with problems (each FILE:LINE on standard error, then a summary), 66 when unreadable")
    func check() throws {
        let files = try Files()
        let valid = try Self.run(["check", files.path("valid.toml").path])
        // Standard error holds only the warning that there are no input devices to read at all, or
        // of shared reading, on a machine without /dev/uinput.
        let said = DevicePaths.directoryProblem(InputDirectory.standard).map(InputDirectory.missing) ?? DevicePaths.uinputProblem().map(UInputAccess.sharedWarning)
        let warning = said.map { "mediaremotectl: warning: " + $0 + "\n" } ?? ""
        #expect(valid.status == 0 && valid.stdout == "\(files.path("valid.toml").path): valid\n" && valid.stderr == warning + KeyboardsNote.line)

        let broken = files.path("broken.toml").path
        let problems = try Self.run(["check", broken])
        #expect(problems.status == ExitStatus.dataError.rawValue)
        #expect(problems.stdout.isEmpty)
        let lines = problems.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(problems.stderr)")
        #expect(lines.first?.hasPrefix("\(broken):2: shake.action: \"skip\" is not allowed") == true)
        #expect(lines.dropFirst().first?.hasPrefix("\(broken):3: shake.bogus: unknown key") == true)
        #expect(lines.last == "mediaremotectl: \(broken) is not valid: 2 problems")

        let binary = try Self.run(["check", files.path("binary.toml").path])
        #expect(binary.status == ExitStatus.dataError.rawValue && binary.stderr.contains("it is not UTF-8 text"))
        for unreadable in [files.path("none.toml").path, files.directory.path] {
            let result = try Self.run(["check", unreadable])
            #expect(result.status == ExitStatus.noInput.rawValue, "\(unreadable)")
            #expect(result.stderr.hasPrefix("mediaremotectl: \(unreadable): cannot read it: "), "\(result.stderr)")
        }
    }

    @Test("motion replay: 65 for a malformed recording (time going back, no samples), 66 for one that cannot be read")
    func replay() throws {
        let files = try Files()
        let malformed = try Self.run(["motion", "replay", files.path("broken.csv").path])
        #expect(malformed.status == ExitStatus.dataError.rawValue && malformed.stderr.hasPrefix("mediaremotectl: "))
        let backwards = try Self.run(["motion", "replay", files.path("backwards.csv").path])
        #expect(backwards.status == ExitStatus.dataError.rawValue && backwards.stdout.isEmpty)
        #expect(backwards.stderr == "mediaremotectl: \(files.path("backwards.csv").path): line 3: 0.01 s is before the previous sample's 0.02 s; "
            + "the samples must be in time order\n")
        let empty = try Self.run(["motion", "replay", files.path("header.csv").path])
        #expect(empty.status == ExitStatus.dataError.rawValue && empty.stdout.isEmpty)
        #expect(empty.stderr == "mediaremotectl: \(files.path("header.csv").path): there are no samples after the header\n")
        let header = try Self.run(["motion", "replay", files.path("valid.toml").path])
        #expect(header.status == ExitStatus.dataError.rawValue && header.stderr.contains("the header must be"))
        for unreadable in [files.path("none.csv").path, files.directory.path] {
            let result = try Self.run(["motion", "replay", unreadable])
            #expect(result.status == ExitStatus.noInput.rawValue && result.stderr.hasPrefix("mediaremotectl: \(unreadable): cannot read it"))
        }
    }

    @Test("69: every command that needs the service, when it is not running")
    func unavailable() throws {
        let bus = try PrivateBus()
        for command in [["status"], ["players"], ["devices"], ["send", "play"], ["shake"], ["ping"], ["reload"]] {
            let result = try Self.run(command, environment: bus.environment)
            #expect(result.status == ExitStatus.unavailable.rawValue, "\(command)")
            #expect(result.stderr.hasPrefix("mediaremotectl: mediaremoted is not running"), "\(command): \(result.stderr)")
        }
    }

    @Test("1: a discarded event, a shake whose phases were all discarded, a configuration the service refuses")
    func failure() throws {
        let fixture = try ServiceFixture()
        let environment = fixture.bus.environment
        let send = try Self.run(["send", "next"], environment: environment)
        #expect(send.status == ExitStatus.failure.rawValue && send.stdout == "discarded: no app is receiving remote-control events\n")
        let shake = try Self.run(["shake"], environment: environment)
        #expect(shake.status == ExitStatus.failure.rawValue && shake.stdout.hasPrefix("began: discarded: "))
        let file = fixture.bus.configHome.appendingPathComponent("mediaremote/config.toml").path
        let reloaded = try Self.run(["reload"], environment: environment)
        #expect(reloaded.status == 0 && reloaded.stdout == "reloaded: there is no \(file), the defaults apply\n", "\(reloaded.stdout)")
        try fixture.bus.writeConfiguration("[shake]\naction = \"skip\"\n")
        let refused = try Self.run(["reload"], environment: environment)
        #expect(refused.status == ExitStatus.failure.rawValue)
        #expect(refused.stderr.hasPrefix("mediaremotectl: mediaremoted refused its configuration file \(file); the configuration in use stays:\n"),
                "\(refused.stderr)")
        #expect(refused.stderr.contains("config.toml:2: shake.action: \"skip\" is not allowed"))
    }

    @Test("a usage message in this client's style: ArgumentParser's capitalised first word in lower case, and only that")
    func usageMessage() {
        #expect(MediaRemoteCommand.usageMessage("mediaremotectl: Unexpected argument 'x'") == "mediaremotectl: unexpected argument 'x'")
        #expect(MediaRemoteCommand.usageMessage("mediaremotectl: JSON is odd") == "mediaremotectl: JSON is odd")
        #expect(MediaRemoteCommand.usageMessage("mediaremotectl: 'x' is not an event") == "mediaremotectl: 'x' is not an event")
        #expect(MediaRemoteCommand.usageMessage("Usage: x") == "Usage: x")
    }
}
