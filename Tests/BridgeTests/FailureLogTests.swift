import Core
import DBusTypes
import Testing

@testable import Bridge

@Suite("FailureLog: a player's failures are told once each, and nothing is kept for a player gone")
struct FailureLogTests {
    /// `shouldTell`, outside the expectation (which cannot hold a mutating call).
    func tell(_ log: inout FailureLog, _ app: AppID, _ error: ErrorName, appIsThere: Bool) -> Bool {
        log.shouldTell(app, error, appIsThere: appIsThere)
    }

    @Test("the first failure of each kind is told; the same again is not, until the player is forgotten")
    func once() {
        var log = FailureLog()
        #expect(tell(&log, ":1.A", .noReply, appIsThere: true))
        #expect(!tell(&log, ":1.A", .noReply, appIsThere: true))
        #expect(tell(&log, ":1.A", .unknownMethod, appIsThere: true))
        #expect(tell(&log, ":1.B", .noReply, appIsThere: true))
        #expect(log.count == 3)
        log.forget(":1.A")
        #expect(log.count == 1)
        #expect(tell(&log, ":1.A", .noReply, appIsThere: true))
    }

    @Test("a failure that arrives after its player left is neither told nor kept")
    func gone() {
        var log = FailureLog()
        #expect(!tell(&log, ":1.A", .noReply, appIsThere: false))
        #expect(log.count == 0)
    }
}
