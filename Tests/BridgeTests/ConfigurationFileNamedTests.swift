import DBusTypes
import Foundation
import MediaRemoteAPI
import Testing
import TestSupport

/// A shell and the service may read different files (another XDG_CONFIG_HOME, a --config):
/// the service names its own (the ConfigurationFile property), `reload` says which it read, and
/// `check` says when the file it checked is not the running service's.
@Suite("which configuration file: reload and check name it")
struct ConfigurationFileNamedTests {
    static func ctl(_ fixture: ServiceFixture, _ arguments: [String]) throws -> ProcessResult {
        try Subprocess.run(DaemonTests.ctl, arguments, environment: fixture.bus.environment)
    }

    @Test("reload names the file the service read, in text and JSON, and says when it is absent")
    func reloadNamesTheFile() throws {
        let fixture = try ServiceFixture(configuration: "[service]\nmode = \"strict\"\n")
        let file = fixture.bus.configHome.appendingPathComponent("mediaremote/config.toml").path
        #expect(fixture.property(MediaRemoteMembers.configurationFile.name) == .string(file))
        let reloaded = try Self.ctl(fixture, ["reload"])
        #expect(reloaded.status == 0 && reloaded.stdout == "reloaded \(file)\n", "\(reloaded.stdout)\(reloaded.stderr)")
        let json = try Self.ctl(fixture, ["reload", "--json"])
        #expect(json.stdout == #"{"reloaded":true,"file":"\#(file)","problems":[],"kept_by_flags":[]}"# + "\n")
        try FileManager.default.removeItem(atPath: file)
        let absent = try Self.ctl(fixture, ["reload"])
        #expect(absent.stdout == "reloaded: there is no \(file), the defaults apply\n", "\(absent.stdout)")
    }

    @Test("check of a file the running service does not read names the file it reads; of its own file, nothing")
    func checkNamesTheServicesFile() throws {
        let other = FileManager.default.temporaryDirectory.appendingPathComponent("mediaremote-\(UUID().uuidString).toml").path
        try "[service]\nmode = \"strict\"\n".write(toFile: other, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: other) }
        let fixture = try ServiceFixture(arguments: ["--config", other])
        let warning = "mediaremotectl: warning: the running mediaremoted reads another file, \(other) (started with another --config, "
            + "or another XDG_CONFIG_HOME than this shell's): this one is not what it reads\n"

        // This shell's file (there is none): valid, and not the service's.
        let shells = fixture.bus.configHome.appendingPathComponent("mediaremote/config.toml").path
        let checked = try Self.ctl(fixture, ["check"])
        #expect(checked.status == 0)
        #expect(checked.stdout == "\(shells): no such file; the defaults apply\n")
        #expect(checked.stderr.hasPrefix(warning), "\(checked.stderr)")
        let json = try Self.ctl(fixture, ["check", "--json"])
        #expect(json.stdout.contains(#""warnings":["the running mediaremoted reads another file, \#(other) "#), "\(json.stdout)")
        #expect(json.stdout.hasSuffix(#","service_file":"\#(other)","keyboards":"\#(KeyboardsNote.sentence)"}"# + "\n"), "\(json.stdout)")

        // A broken file that is not the service's: its problems, and whose file the service reads.
        try fixture.bus.writeConfiguration("[service]\nmode = \"fast\"\n")
        let broken = try Self.ctl(fixture, ["check"])
        #expect(broken.status == 65)
        #expect(broken.stderr.contains(warning), "\(broken.stderr)")

        // The service's own file: no word of another.
        let own = try Self.ctl(fixture, ["check", other])
        #expect(own.status == 0 && own.stdout == "\(other): valid\n")
        #expect(!own.stderr.contains("another file"), "\(own.stderr)")
    }
}
