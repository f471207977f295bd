import Foundation
import Testing
import TestSupport

/// A second mediaremoted on a bus that has one says so first, and only that: what it would make
/// of the devices, the configuration or the state is the first one's business.
extension DaemonTests {
    @Test("a second instance exits 1 with a clear message, and the first keeps running")
    func secondInstance() throws {
        let bus = try PrivateBus()
        let first = try Self.start(on: bus)
        // Devices it could not read would be mentioned first, were they looked at first.
        let second = try Subprocess.run(Self.daemon, ["--input-dir", "/nonexistent/input"], environment: bus.environment)
        #expect(second.status == 1)
        #expect(second.stderr.hasPrefix("mediaremoted: error: already running: "), "\(second.stderr)")
        #expect(first.isRunning)
        _ = first.stop()
    }

    /// The file broken after the first started: the second's only news is that it is a second.
    @Test("a second instance with a broken configuration file says only that it is already running")
    func secondInstanceBrokenFile() throws {
        let bus = try PrivateBus()
        let first = try Self.start(on: bus)
        try bus.writeConfiguration("[service]\nmode = \"fast\"\n")
        let second = try Subprocess.run(Self.daemon, [], environment: bus.environment)
        #expect(second.status == 1)
        #expect(second.stderr.hasPrefix("mediaremoted: error: already running: "), "\(second.stderr)")
        #expect(!second.stderr.contains("config.toml"), "\(second.stderr)")
        #expect(!second.stderr.contains("configuration"), "\(second.stderr)")
        #expect(second.stderr.split(separator: "\n").count == 1, "\(second.stderr)")
        #expect(first.isRunning)
        _ = first.stop()
    }
}
