import Bridge
import DBus
import DBusTypes
import Foundation
import Loop
import MediaRemoteAPI
import Testing
import TestSupport

/// Two connections to one running service: what each may do to the other (nothing), what any
/// session client may do (send events, simulate a shake), and the per-connection limits.
@Suite("access and limits: one connection cannot act for another; LimitExceeded with a sentence", .serialized)
struct AccessTests {
    /// Exports a Responder1 object on `connection` at `path` that handles everything and
    /// records "PATH MEMBER SUBTYPE".
    static func exportResponder(on connection: Connection, at path: ObjectPath, into received: Box<[String]>) throws {
        try connection.export([ResponderObject.interface { member, subtype in
            received.value.append("\(path) \(member) \(subtype)")
            return true
        }], at: path)
    }

    final class Box<Value> {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Calls the bridge from `connection` (whose loop is the fixture's) and waits for the answer.
    static func call(_ fixture: ServiceFixture, from connection: Connection, _ member: MemberName, _ arguments: [Value] = [])
        -> Result<[Value], DBusError>
    {
        var result: Result<Message, DBusError>?
        connection.call(destination: MediaRemoteNames.busName, path: MediaRemoteNames.objectPath, interface: MediaRemoteNames.interface,
                        member: member, arguments: arguments) { result = $0 }
        fixture.wait { result != nil }
        return (result ?? .failure(.failed("no answer"))).map(\.arguments)
    }

    @Test("B cannot resign A's responder, end A's receiving or release A's claim; any client may send events and shakes")
    func neitherActsForTheOther() throws {
        let fixture = try ServiceFixture()
        let a = fixture.client
        let b = try fixture.bus.connect(loop: fixture.loop)
        let received = Box<[String]>([])
        try Self.exportResponder(on: a, at: "/a", into: received)
        let setUp: [(MemberName, [Value])] = [
            (MediaRemoteMembers.beginReceivingRemoteControlEvents.name, []), (MediaRemoteMembers.becomeFirstResponder.name, [.objectPath("/a")]),
            (MediaRemoteMembers.claimMotion.name, []),
        ]
        for (member, arguments) in setUp {
            #expect((try? Self.call(fixture, from: a, member, arguments).get()) != nil, "\(member)")
        }
        let aName = a.uniqueName
        let before = try fixture.describeState()
        #expect(before.receiving == [aName])
        #expect(before.motionClaims == [aName: 1])

        // B names A's object: the call acts for B's own objects, of which there is none.
        #expect(try Self.call(fixture, from: b, MediaRemoteMembers.resignFirstResponder.name, [.objectPath("/a")]).get() == [.boolean(false)])
        #expect((try? Self.call(fixture, from: b, MediaRemoteMembers.endReceivingRemoteControlEvents.name).get()) != nil)
        guard case .failure(let release) = Self.call(fixture, from: b, MediaRemoteMembers.releaseMotion.name) else {
            Issue.record("B released a claim it does not hold")
            return
        }
        #expect(release.name == .invalidArgs && release.message == "you hold no motion claim to release (a claim is its connection's, and ends with it)")
        guard case .failure(let push) = Self.call(fixture, from: b, MediaRemoteMembers.becomeFirstResponder.name, [.objectPath("/a")]) else {
            Issue.record("B pushed A's object")
            return
        }
        #expect(push.name == .invalidArgs && push.message.hasPrefix("there is no object at /a on your connection"))
        #expect(fixture.property(MediaRemoteMembers.firstResponder.name) == .structure([.string(aName.rawValue), .objectPath("/a")]))
        let after = try fixture.describeState()
        #expect(after.receiving == before.receiving)
        #expect(after.motionClaims == before.motionClaims)

        // Sending events and simulating a shake are open to every client of the session.
        let sent = try SendRemoteControlEventReply(
            arguments: Self.call(fixture, from: b, MediaRemoteMembers.sendRemoteControlEvent.name, [.string("play")]).get())
        #expect(sent.handledBy == ObjectAddress(busName: aName, path: "/a"))
        #expect((try? Self.call(fixture, from: b, MediaRemoteMembers.simulateMotion.name, [.string("shake")]).get()) != nil)
        #expect(received.value == ["/a RemoteControlReceived play", "/a MotionBegan shake", "/a MotionEnded shake"])
    }

    @Test("past 64 responders or 64 motion claims on one connection: LimitExceeded with a sentence; another connection is unaffected")
    func limits() throws {
        let fixture = try ServiceFixture()
        let a = fixture.client
        let received = Box<[String]>([])
        for index in 0...64 { try Self.exportResponder(on: a, at: try ObjectPath("/r\(index)"), into: received) }
        for index in 0..<64 {
            #expect(try Self.call(fixture, from: a, MediaRemoteMembers.becomeFirstResponder.name, [.objectPath(try ObjectPath("/r\(index)"))]).get()
                == [.boolean(true)])
        }
        guard case .failure(let push) = Self.call(fixture, from: a, MediaRemoteMembers.becomeFirstResponder.name, [.objectPath("/r64")]) else {
            Issue.record("a 65th responder was accepted")
            return
        }
        #expect(push.name == MediaRemoteNames.limitExceeded)
        #expect(push.message == "you have 64 responders on the first-responder stack, the most one connection may have; resign one first")
        // Pushing one already there moves it up; resigning one makes room.
        #expect(try Self.call(fixture, from: a, MediaRemoteMembers.becomeFirstResponder.name, [.objectPath("/r0")]).get() == [.boolean(true)])
        #expect(try Self.call(fixture, from: a, MediaRemoteMembers.resignFirstResponder.name, [.objectPath("/r1")]).get() == [.boolean(true)])
        #expect(try Self.call(fixture, from: a, MediaRemoteMembers.becomeFirstResponder.name, [.objectPath("/r64")]).get() == [.boolean(true)])

        for _ in 0..<64 { #expect((try? Self.call(fixture, from: a, MediaRemoteMembers.claimMotion.name).get()) != nil) }
        guard case .failure(let claim) = Self.call(fixture, from: a, MediaRemoteMembers.claimMotion.name) else {
            Issue.record("a 65th claim was accepted")
            return
        }
        #expect(claim.name == MediaRemoteNames.limitExceeded)
        #expect(claim.message == "you hold 64 motion claims, the most one connection may hold; release one first")

        let b = try fixture.bus.connect(loop: fixture.loop)
        try Self.exportResponder(on: b, at: "/b", into: received)
        #expect(try Self.call(fixture, from: b, MediaRemoteMembers.becomeFirstResponder.name, [.objectPath("/b")]).get() == [.boolean(true)])
        #expect((try? Self.call(fixture, from: b, MediaRemoteMembers.claimMotion.name).get()) != nil)
    }

    @Test("a connection that does not answer the check of its pushes: 16 checks at once, the 17th push LimitExceeded")
    func pendingPushes() throws {
        let fixture = try ServiceFixture()
        // A connection whose loop does not run while the service checks its objects: the
        // Introspect calls the checks make wait unanswered.
        let silentLoop = try EventLoop()
        let silent = try fixture.bus.connect(loop: silentLoop)
        var answers: [Int: Result<Message, DBusError>] = [:]
        for index in 0..<17 {
            silent.call(destination: MediaRemoteNames.busName, path: MediaRemoteNames.objectPath, interface: MediaRemoteNames.interface,
                        member: MediaRemoteMembers.becomeFirstResponder.name, arguments: [.objectPath(try ObjectPath("/p\(index)"))]) {
                answers[index] = $0
            }
        }
        silent.flush()
        // Long enough for the service to have read all 17; their checks time out after 250 ms.
        usleep(1_000_000)
        _ = silentLoop.run(until: { answers.count == 17 }, timeout: .seconds(10))
        #expect(answers.count == 17)
        guard case .failure(let refused)? = answers[16] else {
            Issue.record("the 17th push was not refused: \(String(describing: answers[16]))")
            return
        }
        #expect(refused.name == MediaRemoteNames.limitExceeded)
        #expect(refused.message.hasPrefix("you have 16 BecomeFirstResponder calls still being checked"))
        // The first 16 were checked and failed (no such object, or no answer in time), nothing more.
        for index in 0..<16 {
            if case .failure(let error)? = answers[index] { #expect(error.name == .invalidArgs, "\(error)") }
        }
        // Once answered, the connection may push again.
        try Self.exportResponder(on: silent, at: "/p0", into: Box([]))
        var again: Result<Message, DBusError>?
        silent.call(destination: MediaRemoteNames.busName, path: MediaRemoteNames.objectPath, interface: MediaRemoteNames.interface,
                    member: MediaRemoteMembers.becomeFirstResponder.name, arguments: [.objectPath("/p0")]) { again = $0 }
        _ = silentLoop.run(until: { again != nil }, timeout: .seconds(10))
        #expect((try? again?.get().arguments) == [.boolean(true)])
    }
}
