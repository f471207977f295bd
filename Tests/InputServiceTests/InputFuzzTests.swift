import DBus
import DBusTypes
import Foundation
import MediaRemoteAPI
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The fuzzer against a running mediaremote-inputd, as against mediaremoted: random and
/// malformed calls to every interface it exports (found by introspection), with this user at
/// the seat so that claims are taken too. `make test` runs a short run; `make fuzz` a long one
/// (FUZZ_CALLS, FUZZ_SEED).
@Suite("fuzzing mediaremote-inputd: random and malformed calls to its interfaces", .serialized)
struct InputFuzzTests {
    static func setting(_ name: String, default value: Int) -> Int {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) } ?? value
    }

    @Test("every call gets a reply or a named error, and the service never crashes")
    func calls() throws {
        let calls = Self.setting("FUZZ_CALLS", default: 2000)
        let seed = UInt64(Self.setting("FUZZ_SEED", default: Int.random(in: 1...999_999)))
        let service = try InputServiceFixture()
        try service.logindSays(activeUser: getuid(), seatsOf: [getuid(): "seat0"])
        let client = try service.bus.connect()
        let targets = try CallFuzzer.discover(on: client, destination: InputServiceNames.busName)
        #expect(targets.contains { $0.path == InputServiceNames.objectPath }, "\(targets.map(\.path))")
        let fuzzer = CallFuzzer(connection: client, destination: InputServiceNames.busName, targets: targets, seed: seed,
                                hugeBytes: Self.setting("FUZZ_HUGE_BYTES", default: 1 << 20))
        var crashed = false
        while fuzzer.report.calls < calls && !crashed {
            fuzzer.run(calls: min(500, calls - fuzzer.report.calls))
            let ping = try? client.callBlocking(.methodCall(
                destination: InputServiceNames.busName, path: InputServiceNames.objectPath, interface: .peer, member: "Ping"),
                timeout: .seconds(10))
            crashed = ping == nil || !service.process.isRunning
        }
        let report = fuzzer.report
        print("fuzz mediaremote-inputd (seed \(seed)): \(report); crashes \(crashed ? 1 : 0)")
        #expect(!crashed, "the service stopped answering: \(service.process.isRunning ? "" : service.process.stop().stderr.suffix(2000))")
        #expect(report.unanswered == 0, "\(report)")
        #expect(report.returns > 0 && report.errorCount > 0, "\(report)")
    }
}
