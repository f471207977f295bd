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
        #expect(throws: (any Error).self) { try MediaRemoteCommand.parseAsRoot(["ping", "extra"]) }
        #expect(throws: (any Error).self) { try MediaRemoteCommand.parseAsRoot(["bogus"]) }
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

    @Test("milliseconds print with two decimals", arguments: [(0, "0.00"), (4, "0.00"), (5, "0.01"), (1234, "1.23"), (120_000, "120.00")] as [(UInt64, String)])
    func milliseconds(microseconds: UInt64, text: String) {
        #expect(formatMilliseconds(microseconds: microseconds) == text)
    }
}
