import DBus
import DBusTypes
import Foundation
import Loop
import Testing
import TestSupport

@Suite("Connections: names, calls with timeouts, signals, a lost bus, idle cost")
struct ConnectionTests {
    @Test("RequestName: the first owner wins; doNotQueue answers exists; replacement sends NameLost")
    func names() throws {
        let fixture = try BusFixture()
        let name: BusName = "org.mediaremote.TestName"
        #expect(try fixture.server.requestName(name, flags: [.allowReplacement]) == .primaryOwner)
        // Asking again updates the flags, so ask with the same ones.
        #expect(try fixture.server.requestName(name, flags: [.allowReplacement]) == .alreadyOwner)
        #expect(try fixture.client.requestName(name, flags: [.doNotQueue]) == .exists)
        var lost: [BusName] = []
        fixture.server.onNameLost = { lost.append($0) }
        #expect(try fixture.client.requestName(name, flags: [.replaceExisting, .doNotQueue]) == .primaryOwner)
        fixture.loop.run(until: { !lost.isEmpty }, timeout: .seconds(5))
        #expect(lost == [name])
        #expect(try fixture.client.releaseName(name))
        #expect(try !fixture.client.releaseName(name))
    }

    @Test("a signal read while a blocking call waits (outside any dispatch) is dispatched at the loop's next turn, with nothing more on the socket")
    func queuedDuringBlockingCall() throws {
        let fixture = try BusFixture()
        var received = 0
        let subscription = fixture.client.subscribe(MatchRule(sender: fixture.server.uniqueName, interface: EchoObject.interface)) { _ in
            received += 1
        }
        defer { subscription.cancel() }
        _ = try fixture.client.listNames()  // the match is in place
        var blockedOnce = false
        let timer = try fixture.loop.schedule(after: .milliseconds(10)) {
            // The signal is in the client's socket before its blocking call, which reads it into
            // libdbus's queue while it waits for its own answer: only libdbus's word that
            // something is queued can have the loop dispatch it, for the socket says no more.
            try? fixture.server.emit("Ticked", of: EchoObject.interface, at: EchoObject.path, [.uint32(1), .string("one")])
            fixture.server.flush()
            _ = try? fixture.client.listNames()
            blockedOnce = true
        }
        defer { timer.cancel() }
        fixture.loop.run(until: { received == 1 }, timeout: .seconds(3))
        #expect(blockedOnce && received == 1)
    }

    @Test("watching a name: its owner now, then every change")
    func nameOwner() throws {
        let fixture = try BusFixture()
        let name: BusName = "org.mediaremote.Watched"
        var owners: [BusName?] = []
        let watch = fixture.client.watchNameOwner(name) { owners.append($0) }
        defer { watch.cancel() }
        fixture.loop.run(until: { owners.count == 1 }, timeout: .seconds(5))
        #expect(try fixture.server.requestName(name) == .primaryOwner)
        fixture.loop.run(until: { owners.count == 2 }, timeout: .seconds(5))
        #expect(try fixture.server.releaseName(name))
        fixture.loop.run(until: { owners.count == 3 }, timeout: .seconds(5))
        #expect(owners == [nil, fixture.server.uniqueName, nil])
    }

    @Test("a call with no answer fails with NoReply after its timeout, and the loop keeps serving")
    func timeout() throws {
        let fixture = try BusFixture()
        var slow: Result<Message, DBusError>?
        var quick: Result<Message, DBusError>?
        let start = ContinuousClock.now
        fixture.client.call(
            .methodCall(destination: fixture.server.uniqueName, path: EchoObject.path, interface: EchoObject.interface, member: "Never"),
            timeout: .milliseconds(300)
        ) { slow = $0 }
        fixture.client.call(
            .methodCall(destination: fixture.server.uniqueName, path: EchoObject.path, interface: EchoObject.interface,
                        member: "Later", arguments: [.uint32(50)])
        ) { quick = $0 }
        fixture.loop.run(until: { slow != nil }, timeout: .seconds(10))
        #expect(ContinuousClock.now - start >= .milliseconds(300))
        guard case .failure(let error)? = slow else {
            Issue.record("the call that is never answered did not fail: \(String(describing: slow))")
            return
        }
        #expect(error.name == .noReply)
        guard case .success(let reply)? = quick else {
            Issue.record("the quick call was not answered while the slow one waited")
            return
        }
        #expect(reply.arguments == [.string("done after 50 ms")])
    }

    @Test("a cancelled call never calls its handler")
    func cancel() throws {
        let fixture = try BusFixture()
        var called = false
        let pending = fixture.client.call(
            .methodCall(destination: fixture.server.uniqueName, path: EchoObject.path, interface: EchoObject.interface,
                        member: "Later", arguments: [.uint32(20)])
        ) { _ in called = true }
        pending.cancel()
        fixture.loop.run(until: { false }, timeout: .milliseconds(200))
        #expect(!called)
    }

    @Test("calling a name nobody owns fails with ServiceUnknown")
    func serviceUnknown() throws {
        let fixture = try BusFixture()
        var result: Result<Message, DBusError>?
        fixture.client.call(destination: "org.mediaremote.Nobody", path: "/", interface: .peer, member: "Ping") { result = $0 }
        fixture.loop.run(until: { result != nil }, timeout: .seconds(5))
        guard case .failure(let error)? = result else {
            Issue.record("no failure")
            return
        }
        #expect(error.name == .serviceUnknown)
    }

    @Test("the bus's own methods answer our client")
    func busMethods() throws {
        let fixture = try BusFixture()
        let names = try fixture.client.listNames()
        #expect(names.contains(.bus))
        #expect(names.contains(fixture.server.uniqueName))
        let reply = try fixture.client.callBlocking(
            .methodCall(destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "GetId"))
        guard case .string(let id)? = reply.arguments.first else {
            Issue.record("GetId answered \(reply)")
            return
        }
        #expect(id.count == 32)
    }

    @Test("a lost bus is reported, not fatal")
    func disconnect() throws {
        let fixture = try BusFixture()
        var disconnected = 0
        fixture.client.onDisconnect = { disconnected += 1 }
        fixture.bus.stop()
        fixture.loop.run(until: { disconnected > 0 }, timeout: .seconds(5))
        #expect(disconnected == 1)
        #expect(throws: DBusError.self) { try fixture.client.send(.signal(path: "/", interface: "org.x.Y", member: "Z")) }
        var result: Result<Message, DBusError>?
        fixture.client.call(destination: .bus, path: "/", interface: .peer, member: "Ping") { result = $0 }
        fixture.loop.run(until: { result != nil }, timeout: .seconds(5))
        guard case .failure(let error)? = result else {
            Issue.record("a call on a closed connection did not fail")
            return
        }
        #expect(error.name == .disconnected)
    }

    @Test("idle, the loop does not wake: zero wakeups with connections open and nothing happening")
    func idle() throws {
        let fixture = try BusFixture()
        #expect(fixture.answer("Echo", [.variant(.int32(1))]) == .values([.variant(.int32(1))]))
        // Let whatever is in flight settle, then count.
        fixture.loop.run(until: { false }, timeout: .milliseconds(100))
        let before = fixture.loop.wakeups
        fixture.loop.run(until: { false }, timeout: .seconds(1))
        // One wakeup is the end of the wait itself.
        #expect(fixture.loop.wakeups - before <= 1)
    }
}
