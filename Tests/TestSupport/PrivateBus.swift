import DBus
import Foundation
import Loop

/// A `dbus-daemon` of the test's own, with an empty service directory so nothing installed on
/// the machine (playerctld, say) is ever auto-started. Stopped when released.
public final class PrivateBus: @unchecked Sendable {
    public let address: String
    public let directory: URL
    private let process: Subprocess

    /// `stateHome`: where the daemons of this bus keep their state (a folder of the bus's own
    /// when nil).
    public init(stateHome: URL? = nil) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("mediaremote-bus-\(UUID().uuidString)")
        self.stateHome = stateHome ?? directory.appendingPathComponent("state")
        let services = directory.appendingPathComponent("services")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("bus.conf")
        try """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:dir=\(directory.path)</listen>
              <auth>EXTERNAL</auth>
              <servicedir>\(services.path)</servicedir>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
              <limit name="max_message_size">33554432</limit>
            </busconfig>
            """.write(to: config, atomically: true, encoding: .utf8)
        // Its output goes to a file, never a pipe: nobody reads a pipe while the test runs, and
        // a daemon that logs enough (warnings about peers that do not read) blocks writing to a
        // full one, and the whole bus with it.
        let log = directory.appendingPathComponent("dbus-daemon.log")
        process = Subprocess(
            "/usr/bin/dbus-daemon", ["--config-file=\(config.path)", "--nofork", "--print-address=1"], outputFile: log.path)
        try process.start()
        // The daemon prints its address once it listens.
        let deadline = ContinuousClock.now + .seconds(10)
        var printed: String?
        while printed == nil && ContinuousClock.now < deadline && process.isRunning {
            if let text = try? String(contentsOf: log, encoding: .utf8), let newline = text.firstIndex(of: "\n") {
                printed = String(text[..<newline])
            } else {
                usleep(2_000)
            }
        }
        guard let printed else { throw TestFailure("dbus-daemon did not print its address (see \(log.path))") }
        address = printed.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Stops the daemon: every connection on it sees the bus go away.
    public func stop() {
        _ = process.stop()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// A new connection to this bus, on its own loop.
    public func connect(loop: EventLoop? = nil) throws -> Connection {
        try Connection(.address(address), loop: loop ?? EventLoop())
    }

    /// Where a daemon started with ``environment`` looks for `mediaremote/config.toml`.
    public var configHome: URL { directory.appendingPathComponent("config") }

    /// Where a daemon started with ``environment`` keeps its state (`mediaremote/state-BUSID`).
    /// Another bus may be given the same, as two buses of one person share a home.
    public var stateHome: URL

    /// The bus's id (`GetId`; not the address's `guid=`, which is its listening socket's).
    public private(set) lazy var id: String = (try? connect().busID()) ?? "unknown"

    /// The state file a daemon started with ``environment`` keeps for this bus.
    public var stateFile: URL { stateHome.appendingPathComponent("mediaremote/state-\(id)") }

    /// Writes the configuration file a daemon started with ``environment`` reads.
    public func writeConfiguration(_ text: String) throws {
        let folder = configHome.appendingPathComponent("mediaremote")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
    }

    /// The environment a child process needs to find this bus as its session bus.
    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        environment.removeValue(forKey: "JOURNAL_STREAM")
        // Nor a unit's identity, should the tests run in one: the daemon here is no unit.
        environment.removeValue(forKey: "INVOCATION_ID")
        // The machine's own configuration file never reaches a test: the daemon looks here.
        environment["XDG_CONFIG_HOME"] = configHome.path
        // Nor the machine's state, nor systemd's for a unit the test runs under.
        environment["XDG_STATE_HOME"] = stateHome.path
        environment.removeValue(forKey: "STATE_DIRECTORY")
        // Nor the machine's system bus (and a mediaremote-inputd on it): a test that wants one
        // gives its own.
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=" + directory.appendingPathComponent("no-system-bus").path
        return environment
    }
}

public struct TestFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
