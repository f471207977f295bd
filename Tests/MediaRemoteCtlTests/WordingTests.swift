import DBus
import Testing
import Time

@testable import MediaRemoteCtl

/// What the client says without a service: where it looked for the bus, the service's reasons
/// as sentences, and its numbers.
@Suite("mediaremotectl: hints, reasons and numbers, without a service")
struct WordingTests {
    @Test("where libdbus looks for the session bus, as the hint names it")
    func sessionBusLocation() {
        let exists: (String) -> Bool = { $0 == "/run/user/1000/bus" }
        func location(_ variables: [String: String]) -> SessionBusLocation {
            SessionBusLocation(environment: { variables[$0] }, exists: exists)
        }
        #expect(location(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x", "XDG_RUNTIME_DIR": "/run/user/1000"]) == .address("unix:path=/x"))
        #expect(location(["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": "/run/user/1000"])
            == .runtimeSocket(path: "/run/user/1000/bus", exists: true))
        #expect(location(["XDG_RUNTIME_DIR": "/run/user/1001/"]) == .runtimeSocket(path: "/run/user/1001/bus", exists: false))
        #expect(location([:]) == .nowhere)
        #expect(SessionBusLocation.runtimeSocket(path: "/run/user/1000/bus", exists: true).explain("Connection refused")
            .hasPrefix("cannot connect to the session bus at /run/user/1000/bus (DBUS_SESSION_BUS_ADDRESS is not set): Connection refused; "))
    }

    @Test(
        "a discard reason prints as the service's sentence; one this client does not know, as it came",
        arguments: [
            ("nobodyReceiving", "no app is receiving remote-control events"), ("noFirstResponder", "no responder is first responder"),
            ("noSeekInProgress", "no seek in that direction is in progress"),
            ("noShakeAction", "no responder is first responder, and no shake action is set (shake.action)"),
            ("noPlayerForShakeAction", "no responder is first responder, and the shake action has no Now Playing player to act on"),
            ("notAnswering", "the app it would go to has not answered since an earlier event, and nobody else could take it"),
            ("a reason from a newer service", "a reason from a newer service"),
        ])
    func reasons(reason: String, sentence: String) {
        #expect(DispatchedEvent.explain(reason) == sentence)
    }

    @Test("times print in fixed point, rounded to the nearest, with no overflow", arguments: [
        (0, "0.00"), (4, "0.00"), (5, "0.01"), (1234, "1.23"), (120_000, "120.00"), (999_996, "1000.00"),
    ] as [(Int64, String)])
    func hundredths(microseconds: Int64, text: String) {
        #expect(fixedPoint(.microseconds(microseconds), in: .milliseconds(1)) == text)
        #expect(fixedPoint(.microseconds(microseconds * 1000), in: .seconds(1)) == text)
    }

    @Test("motion replay's seconds to the millisecond, and monitor's to the microsecond")
    func seconds() {
        #expect(MotionCommand.Replay.seconds(MonotonicInstant(microseconds: 9_620_000)) == "9.620")
        #expect(MotionCommand.Replay.seconds(MonotonicInstant(microseconds: 10_000_400)) == "10.000")
        #expect(MotionCommand.Replay.seconds(MonotonicInstant(microseconds: 59_999_600)) == "60.000")
        #expect(MotionCommand.Replay.seconds(MonotonicInstant(microseconds: 1_005_000)) == "1.005")
        #expect(MotionCommand.Replay.seconds(.zero) == "0.000")
        #expect(fixedPoint(12_000_345, in: .seconds(1), decimals: 6) == "12.000345")
        // A clock a year up, well past where microseconds × 10⁶ overflows 64 bits.
        #expect(fixedPoint(31_536_000_000_001, in: .seconds(1), decimals: 6) == "31536000.000001")
    }
}
