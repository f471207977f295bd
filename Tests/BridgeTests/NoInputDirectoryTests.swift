import Config
import Foundation
import Input
import Testing
import TestSupport

@testable import Bridge

/// Without an input device directory (a container, a server) nothing can be read: the daemon,
/// `devices` and `check` say that, in one sentence, and not that desktops act on keys too.
@Suite("no input device directory: said, and what it means")
struct NoInputDirectoryTests {
    static let directory = "/nonexistent/mediaremote-input"
    static let sentence = "there is no input device directory (\(directory) does not exist): "
        + "no media key or headset button can be read, and no device is taken over"

    @Test("devices, check and the log say there is no input device directory, and nothing of shared reading")
    func said() throws {
        let fixture = try ServiceFixture(arguments: ["--input-dir", Self.directory])
        let environment = fixture.bus.environment
        let devices = try Subprocess.run(DaemonTests.ctl, ["devices"], environment: environment)
        #expect(devices.status == 0 && devices.stdout == Self.sentence + "\n", "\(devices.stdout)")
        let json = try Subprocess.run(DaemonTests.ctl, ["devices", "--json"], environment: environment)
        #expect(json.stdout == "[]\n")
        #expect(json.stderr == "mediaremotectl: warning: \(Self.sentence)\n", "\(json.stderr)")

        let checked = try Subprocess.run(DaemonTests.ctl, ["check"], environment: environment)
        #expect(checked.status == 0)
        #expect(checked.stderr == "mediaremotectl: warning: \(Self.sentence)\n" + KeyboardsNote.line, "\(checked.stderr)")
        let checkedJSON = try Subprocess.run(DaemonTests.ctl, ["check", "--json"], environment: environment)
        #expect(checkedJSON.stdout.contains(#""warnings":["\#(Self.sentence)"]"#), "\(checkedJSON.stdout)")

        let log = fixture.daemon.stop().stderr
        #expect(log.contains("warning: " + Self.sentence), "\(log)")
        #expect(!log.contains("read shared"), "\(log)")
    }

    /// check, without a service, looks where the service would by default: the two must agree.
    @Test("check's input directory without a service is the service's default")
    func defaults() {
        #expect(InputDirectory.standard == Service.Options().input.directory)
    }
}
