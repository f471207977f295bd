import Foundation
import Testing
import TestSupport

/// libpulse and the 17 libraries it brings (of its 29, those the service does not load anyway) are loaded when the service first reaches for an
/// audio server, after its name is taken, not by the loader at every start (cpulse.h).
@Suite("mediaremoted: libpulse loaded when it reaches for an audio server, not at start")
struct LibpulseLoadingTests {
    @Test("the loader loads no libpulse at start; once its name is taken, libpulse is mapped and the audio server reached for")
    func loadedAfterTheName() throws {
        // What the loader loads at start, as ldd asks it: the program does not run.
        var environment = ProcessInfo.processInfo.environment
        environment["LD_TRACE_LOADED_OBJECTS"] = "1"
        let loaded = try Subprocess.run(DaemonTests.daemon, [], environment: environment)
        #expect(loaded.status == 0, "\(loaded.stderr)")
        #expect(loaded.stdout.contains("libdbus-1.so.3 =>"), "the loader no longer lists what it loads: \(loaded.stdout)")
        #expect(!loaded.stdout.contains("libpulse"), "\(loaded.stdout)")

        // A server that is not there (the machine's own may be running): refused at once, and said.
        let bus = try PrivateBus()
        let daemon = try DaemonTests.start(on: bus, environment: ["PULSE_SERVER": "unix:/nonexistent/mediaremote-test-pulse"])
        // The audio server is reached for at once after the name.
        let deadline = Date().addingTimeInterval(10)
        var maps = ""
        while Date() < deadline {
            // Read to its end: a file of /proc has no size, and one read of it gives a page.
            maps = FileHandle(forReadingAtPath: "/proc/\(daemon.pid)/maps").map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) } ?? ""
            if maps.contains("libpulse.so.0") { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let result = daemon.stop()
        #expect(maps.contains("libpulse.so.0"), "libpulse was never loaded: \(result.stderr)\n\(maps)")
        #expect(result.stderr.contains("audio server:"), "\(result.stderr)")
        #expect(!result.stderr.contains("libpulse cannot be loaded"), "\(result.stderr)")
    }
}
