import DBus
import DBusTypes
import Foundation
import Loop
import MediaRemoteAPI
import Testing
import TestSupport

/// mediaremote-inputd as a process on a private bus standing for the system bus, with logind's
/// files laid out in a folder of the test's: claims refused and granted, the keys moving with
/// the seat, claimants leaving, bad calls. (Its keyboards are read in the qemu guest, where
/// there is a kernel's evdev and uinput: Tests/Guest.)
@Suite("mediaremote-inputd: claims checked with logind, the keys with the seat's active session")
final class InputDaemonTests {
    static let daemon = InputServiceFixture.daemon
    let service: InputServiceFixture
    var bus: PrivateBus { service.bus }
    var process: Subprocess { service.process }
    let user = getuid()

    init() throws {
        service = try InputServiceFixture()
    }

    func logindSays(activeUser: UInt32?, seatsOf users: [UInt32: String] = [:]) throws {
        try service.logindSays(activeUser: activeUser, seatsOf: users)
    }

    /// A claimant: a connection that records the KeyboardsChanged and MediaKey signals sent to it.
    final class Claimant {
        let connection: Connection
        var told: [KeyboardsChanged] = []
        var keys: [MediaKeySignal] = []
        private var subscription: SignalSubscription?

        init(_ bus: PrivateBus) throws {
            connection = try bus.connect()
            subscription = connection.subscribe(MatchRule(interface: InputServiceNames.interface)) { [unowned self] message in
                if message.member == InputServiceMembers.keyboardsChanged.name, let body = try? KeyboardsChanged(arguments: message.arguments) {
                    self.told.append(body)
                } else if let body = try? MediaKeySignal(arguments: message.arguments) {
                    self.keys.append(body)
                }
            }
        }

        func claim() -> Result<NoArguments, DBusError> {
            var result: Result<NoArguments, DBusError>?
            connection.call(InputServiceMembers.claimMediaKeys, NoArguments(), destination: InputServiceNames.busName,
                            path: InputServiceNames.objectPath, interface: InputServiceNames.interface) { result = $0 }
            connection.loop.run(until: { result != nil }, timeout: .seconds(10))
            return result ?? .failure(.failed("no answer"))
        }

        /// Runs the loop until the service's last word to this claim is `holding`.
        func waitUntil(holding: Bool) -> Bool {
            connection.loop.run(until: { self.told.last?.holding == holding }, timeout: .seconds(5))
            return told.last?.holding == holding
        }
    }

    @Test("a user without a session on a seat is refused with NotAtSeat and a sentence; the service goes on")
    func refused() throws {
        try logindSays(activeUser: nil)
        let claimant = try Claimant(bus)
        guard case .failure(let error) = claimant.claim() else {
            Issue.record("a claim without a seat was taken")
            return
        }
        #expect(error.name == InputServiceNames.notAtSeat)
        #expect(error.message.contains("user \(user) has no session on a seat"), "\(error.message)")
        #expect(process.isRunning)
        claimant.connection.loop.run(until: { false }, timeout: .milliseconds(300))
        #expect(claimant.told.isEmpty, "a refused caller is told nothing more")
    }

    @Test("a user whose logind file lists no seat (logged in over ssh) is refused too")
    func noSeat() throws {
        try logindSays(activeUser: user, seatsOf: [user: ""])
        guard case .failure(let error) = try Claimant(bus).claim() else {
            Issue.record("a claim from a user with no seat was taken")
            return
        }
        #expect(error.name == InputServiceNames.notAtSeat)
    }

    @Test("past 4 claims of one user, LimitExceeded with a sentence; the claims before stand")
    func limit() throws {
        try logindSays(activeUser: user, seatsOf: [user: "seat0"])
        let claimants = try (0..<4).map { _ in try Claimant(bus) }
        for claimant in claimants { _ = try claimant.claim().get() }
        guard case .failure(let error) = try Claimant(bus).claim() else {
            Issue.record("a fifth claim was taken")
            return
        }
        #expect(error.name == InputServiceNames.limitExceeded)
        #expect(error.message.contains("holds 4 claims already"), "\(error.message)")
        #expect(claimants[3].waitUntil(holding: true), "the most recent of the four holds the keys")
    }

    @Test("a claim at the seat's active session holds the keys, and that claimant alone is told")
    func granted() throws {
        try logindSays(activeUser: user, seatsOf: [user: "seat0"])
        let claimant = try Claimant(bus)
        let bystander = try Claimant(bus)
        #expect(try claimant.claim().get() == NoArguments())
        #expect(claimant.waitUntil(holding: true))
        // The bystander's loop runs a while: nothing is addressed to it.
        bystander.connection.loop.run(until: { false }, timeout: .milliseconds(300))
        #expect(bystander.told.isEmpty && bystander.keys.isEmpty)
    }

    @Test("fast user switching: the seat going to another user takes the keys from the claim, and its coming back returns them")
    func switching() throws {
        try logindSays(activeUser: user, seatsOf: [user: "seat0"])
        let claimant = try Claimant(bus)
        _ = try claimant.claim().get()
        #expect(claimant.waitUntil(holding: true))
        try logindSays(activeUser: user + 1)
        #expect(claimant.waitUntil(holding: false), "the seat went to user \(user + 1)")
        try logindSays(activeUser: user)
        #expect(claimant.waitUntil(holding: true), "the seat came back")
    }

    @Test("a second claim of the same user holds the keys; when its connection closes, the first holds them again at once")
    func claimantLeaves() throws {
        try logindSays(activeUser: user, seatsOf: [user: "seat0"])
        let first = try Claimant(bus)
        _ = try first.claim().get()
        #expect(first.waitUntil(holding: true))
        var second: Claimant? = try Claimant(bus)
        _ = try second?.claim().get()
        #expect(first.waitUntil(holding: false))
        #expect(second?.waitUntil(holding: true) == true)
        second?.connection.close()
        second = nil
        let left = ContinuousClock.now
        #expect(first.waitUntil(holding: true))
        // A fraction of a second, said as a fact rather than asserted as a timing.
        print("mediaremote-inputd: keys back to the first claim \(ContinuousClock.now - left) after the second left")
    }

    @Test("ReleaseMediaKeys ends the claim; releasing again, or without a claim, changes nothing")
    func release() throws {
        try logindSays(activeUser: user, seatsOf: [user: "seat0"])
        let claimant = try Claimant(bus)
        _ = try claimant.claim().get()
        #expect(claimant.waitUntil(holding: true))
        for _ in 0..<2 {
            _ = try claimant.connection.callBlocking(.methodCall(
                destination: InputServiceNames.busName, path: InputServiceNames.objectPath, interface: InputServiceNames.interface,
                member: InputServiceMembers.releaseMediaKeys.name))
        }
        #expect(process.isRunning)
        let log = process.stop().stderr
        #expect(log.contains("released its claim"), "\(log)")
        #expect(log.contains("no claim holds the media keys"), "\(log)")
    }

    @Test("a call with arguments it does not take, an unknown member: errors, and the service goes on")
    func badCalls() throws {
        let client = try bus.connect()
        let extra = #expect(throws: DBusError.self) {
            try client.callBlocking(.methodCall(
                destination: InputServiceNames.busName, path: InputServiceNames.objectPath, interface: InputServiceNames.interface,
                member: InputServiceMembers.claimMediaKeys.name, arguments: [.string("everything")]))
        }
        #expect(extra?.name == .invalidArgs)
        let unknown = #expect(throws: DBusError.self) {
            try client.callBlocking(.methodCall(
                destination: InputServiceNames.busName, path: InputServiceNames.objectPath, interface: InputServiceNames.interface,
                member: "GiveMeTheKeyboard"))
        }
        #expect(unknown?.name == .unknownMethod)
        _ = try client.callBlocking(.methodCall(destination: InputServiceNames.busName, path: InputServiceNames.objectPath,
                                                interface: .peer, member: "Ping"))
        #expect(process.isRunning)
    }

    @Test("the live object's interface is dbus/org.mediaremote.Input1.xml's, and --bus-introspect prints that file less its comments")
    func introspection() throws {
        let reply = try bus.connect().callBlocking(.methodCall(
            destination: InputServiceNames.busName, path: InputServiceNames.objectPath, interface: .introspectable, member: "Introspect"))
        guard case .string(let live)? = reply.arguments.first else {
            Issue.record("no introspection")
            return
        }
        let contract = try InterfaceFile.read("org.mediaremote.Input1.xml")
        #expect(try Subprocess.run(Self.daemon, ["--bus-introspect"]).stdout == InterfaceFile.withoutComments(contract))
        let block = InterfaceFile.interfaceBlock(contract)
        #expect(!block.isEmpty)
        #expect(live.contains(block), "live:\n\(live)\ncontract:\n\(block)")
    }

    @Test("--version, --help, and a flag it does not know")
    func flags() throws {
        #expect(try Subprocess.run(Self.daemon, ["--version"]).stdout == "mediaremote-inputd \(MediaRemoteVersion.current)\n")
        #expect(try Subprocess.run(Self.daemon, ["--help"]).stdout.contains("sudo systemctl enable --now mediaremote-inputd"))
        let unknown = try Subprocess.run(Self.daemon, ["--frobnicate"])
        // Named as started, for it is off the PATH (in libexec).
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown option '--frobnicate'; see \(Self.daemon) --help"), "\(unknown.stderr)")
        let missing = try Subprocess.run(Self.daemon, ["--bus"])
        #expect(missing.status == 2 && missing.stderr.contains("--bus needs a value; see \(Self.daemon) --help"), "\(missing.stderr)")
    }
}
