import DBusTypes
import MediaRemoteAPI
import Testing
import Time

@testable import Core

@Suite("Rules 1, 3, 5 and 6: receiving, first responder, claims, leaving")
struct RulesTests {
    @Test("rule 1: begin and end receiving; compat counts plain players, strict does not")
    func receiving() {
        var compat = Transcript([.appear(A, .paused), .begin(C)])
        #expect(compat.registry.isReceiving(A))
        #expect(compat.registry.isReceiving(C))
        compat.apply(.end(C))
        #expect(!compat.registry.isReceiving(C))
        let strict = Transcript(mode: .strict, [.appear(A, .paused), .begin(C)])
        #expect(!strict.registry.isReceiving(A))
        #expect(strict.registry.isReceiving(C))
    }

    @Test("rule 3: push and resign; resign restores the previous first responder")
    func firstResponder() {
        var transcript = Transcript([.push(X, "/a"), .push(Y, "/b"), .push(X, "/c")])
        #expect(transcript.registry.firstResponder == ResponderAddress(app: X, path: "/c"))
        #expect(transcript.registry.responders(of: X).map(\.path) == ["/c", "/a"])
        transcript.apply(.resign(X, "/c"))
        #expect(transcript.registry.firstResponder == ResponderAddress(app: Y, path: "/b"))
        transcript.apply(.resign(Y, "/b"))
        #expect(transcript.registry.firstResponder == ResponderAddress(app: X, path: "/a"))
        // Resigning what is not on the stack changes nothing.
        let resigned = transcript.dispatcher.registry.resignFirstResponder(ResponderAddress(app: Y, path: "/b"))
        #expect(!resigned)
        #expect(transcript.registry.firstResponder == ResponderAddress(app: X, path: "/a"))
    }

    @Test("rule 3: becoming first responder again moves an entry to the top, once")
    func repush() {
        let transcript = Transcript([.push(X, "/a"), .push(X, "/b"), .push(X, "/a")])
        #expect(transcript.registry.responders(of: X).map(\.path) == ["/a", "/b"])
    }

    @Test("rule 5: claims are counted per app; the sensor is wanted while any claim is held")
    func claims() throws {
        var registry = Registry()
        #expect(!registry.isMotionClaimed)
        try registry.claimMotion(X, at: instant(1))
        try registry.claimMotion(X, at: instant(2))
        try registry.claimMotion(Y, at: instant(3))
        #expect(registry.motionClaims(of: X) == 2)
        let releases = (0..<3).map { _ in registry.releaseMotion(X) }
        #expect(releases == [true, true, false])
        #expect(registry.isMotionClaimed)
        registry.appLeft(Y)
        #expect(!registry.isMotionClaimed)
    }

    @Test("limits: an app's responders and claims stop at its limit with a sentence; re-pushing, other apps, releasing go on")
    func limits() throws {
        var registry = Registry()
        registry.limits.respondersPerApp = 2
        registry.limits.motionClaimsPerApp = 2
        for path: ObjectPath in ["/a", "/b"] { try registry.becomeFirstResponder(ResponderAddress(app: X, path: path), at: instant(1)) }
        #expect(throws: CoreError.limitExceeded(
            "you have 2 responders on the first-responder stack, the most one connection may have; resign one first"))
        {
            try registry.becomeFirstResponder(ResponderAddress(app: X, path: "/c"), at: instant(2))
        }
        #expect(registry.firstResponder == ResponderAddress(app: X, path: "/b"))
        // One already on the stack only moves up; another app has its own count.
        try registry.becomeFirstResponder(ResponderAddress(app: X, path: "/a"), at: instant(3))
        try registry.becomeFirstResponder(ResponderAddress(app: Y, path: "/a"), at: instant(4))
        #expect(registry.responders(of: X).map(\.path) == ["/a", "/b"])
        registry.resignFirstResponder(ResponderAddress(app: X, path: "/b"))
        try registry.becomeFirstResponder(ResponderAddress(app: X, path: "/c"), at: instant(5))

        try registry.claimMotion(X, at: instant(6))
        try registry.claimMotion(X, at: instant(7))
        #expect(throws: CoreError.limitExceeded("you hold 2 motion claims, the most one connection may hold; release one first")) {
            try registry.claimMotion(X, at: instant(8))
        }
        #expect(registry.motionClaims(of: X) == 2)
        try registry.claimMotion(Y, at: instant(9))
        registry.releaseMotion(X)
        try registry.claimMotion(X, at: instant(10))
        #expect(registry.motionClaims == [X: 2, Y: 1])
    }

    @Test("rule 6: an app that leaves takes its receiving, player, claims and stack entries with it, at once")
    func leaving() throws {
        var transcript = Transcript([
            .appear(A, .paused), .status(A, .playing), .begin(A), .push(A, "/a"), .push(B, "/b"), .push(A, "/a2"),
        ])
        try transcript.dispatcher.registry.claimMotion(A, at: transcript.now)
        transcript.apply(.leave(A))
        #expect(!transcript.registry.knows(A))
        #expect(!transcript.registry.isReceiving(A))
        #expect(!transcript.registry.isMotionClaimed)
        #expect(transcript.registry.firstResponder == ResponderAddress(app: B, path: "/b"))
        #expect(transcript.registry.players.isEmpty)
    }

    @Test("the Players list: name, status, receiving")
    func players() {
        let transcript = Transcript(mode: .strict, [.appear(B, .playing), .appear(A, .paused), .begin(A)])
        #expect(transcript.registry.players.map { "\($0.player.busName) \($0.player.status) \($0.receiving)" } == [
            "org.mpris.MediaPlayer2.A Paused true", "org.mpris.MediaPlayer2.B Playing false",
        ])
    }
}
