import DBus
import DBusTypes
import Loop
import Testing
import TestSupport

@Suite("CallQueue: a line per destination")
struct CallQueueTests {
    /// A `Later` call the server holds for a minute unless answered by hand; `tag` tells it apart.
    private static func held(_ fixture: BusFixture, _ tag: UInt32) -> Message {
        .methodCall(destination: fixture.server.uniqueName, path: EchoObject.path, interface: EchoObject.interface,
                    member: "Later", arguments: [.uint32(60_000 + tag)])
    }

    private static func tags(_ calls: [MethodCall]) -> [UInt32] {
        calls.compactMap { if case .uint32(let ms)? = $0.arguments.first { ms - 60_000 } else { nil } }
    }

    @Test("at most maximumInFlight calls are out at once; the rest are sent in order as replies come")
    func inFlightAndOrder() throws {
        let fixture = try BusFixture()
        let queue = CallQueue(connection: fixture.client, maximumInFlight: 2)
        var replies: [UInt32] = []
        for tag in UInt32(0)..<6 {
            queue.call(Self.held(fixture, tag)) { _ in replies.append(tag) }
        }
        #expect(queue.load(of: fixture.server.uniqueName) == (2, 4))
        fixture.loop.run(until: { fixture.state.held.count >= 2 }, timeout: .seconds(5))
        // Given time, no third call reaches the server while two are unanswered.
        fixture.loop.run(until: { false }, timeout: .milliseconds(100))
        #expect(Self.tags(fixture.state.held) == [0, 1])

        fixture.state.held[1].reply([.string("one")])
        fixture.loop.run(until: { fixture.state.held.count >= 3 }, timeout: .seconds(5))
        #expect(Self.tags(fixture.state.held) == [0, 1, 2])
        #expect(replies == [1])
        #expect(queue.load(of: fixture.server.uniqueName) == (2, 3))

        // Answer everything as it arrives: the rest come in the order they were made.
        fixture.state.held[0].reply([.string("zero")])
        for next in 3..<6 {
            fixture.loop.run(until: { fixture.state.held.count > next }, timeout: .seconds(5))
            guard fixture.state.held.count > next else { break }
            fixture.state.held[next - 1].reply([.string("more")])
        }
        fixture.state.held.last?.reply([.string("last")])
        fixture.loop.run(until: { replies.count == 6 }, timeout: .seconds(5))
        #expect(Self.tags(fixture.state.held) == [0, 1, 2, 3, 4, 5])
        #expect(replies.count == 6)
        #expect(queue.load(of: fixture.server.uniqueName) == (0, 0))
    }

    @Test("a call's timeout starts when it is sent, not while it waits its turn")
    func timeoutFromSending() throws {
        let fixture = try BusFixture()
        let queue = CallQueue(connection: fixture.client, maximumInFlight: 1)
        var first: Result<Message, DBusError>?
        var second: Result<Message, DBusError>?
        let slow = Message.methodCall(
            destination: fixture.server.uniqueName, path: EchoObject.path, interface: EchoObject.interface,
            member: "Later", arguments: [.uint32(300)])
        var quick = slow
        quick.arguments = [.uint32(10)]
        queue.call(slow, timeout: .seconds(5)) { first = $0 }
        // Waits ~300 ms for its turn, then is answered in 10 ms: well inside its 200 ms.
        queue.call(quick, timeout: .milliseconds(200)) { second = $0 }
        fixture.loop.run(until: { second != nil }, timeout: .seconds(5))
        #expect((try? first?.get().arguments) == [.string("done after 300 ms")])
        #expect((try? second?.get().arguments) == [.string("done after 10 ms")])
    }

    @Test("past maximumWaiting a call fails with LimitsExceeded, after call returns; those in line time out in order")
    func fullLine() throws {
        let fixture = try BusFixture()
        let queue = CallQueue(connection: fixture.client, maximumInFlight: 1, maximumWaiting: 2)
        var results: [(UInt32, ErrorName?)] = []
        for tag in UInt32(0)..<4 {
            queue.call(Self.held(fixture, tag), timeout: .milliseconds(150)) { result in
                if case .failure(let error) = result { results.append((tag, error.name)) } else { results.append((tag, nil)) }
            }
            #expect(results.isEmpty, "a reply handler ran inside call")
        }
        fixture.loop.run(until: { results.count == 4 }, timeout: .seconds(5))
        #expect(results.map(\.0) == [3, 0, 1, 2])
        #expect(results.map(\.1) == [.limitsExceeded, .noReply, .noReply, .noReply])
        // The server saw each call it was sent, and not the refused one.
        #expect(Self.tags(fixture.state.held) == [0, 1, 2])
        #expect(queue.load(of: fixture.server.uniqueName) == (0, 0))
    }

    @Test("a destination that never answers holds up only its own line")
    func linesAreIndependent() throws {
        let fixture = try BusFixture()
        let other = try fixture.bus.connect(loop: fixture.loop)
        let otherState = EchoObject.State(loop: fixture.loop)
        try other.export([EchoObject.interface(state: otherState)], at: EchoObject.path)
        let queue = CallQueue(connection: fixture.client, maximumInFlight: 1)
        var stuck = 0
        for tag in UInt32(0)..<3 {
            queue.call(Self.held(fixture, tag), timeout: .seconds(10)) { _ in stuck += 1 }
        }
        var answered: [Value]?
        queue.call(
            destination: other.uniqueName, path: EchoObject.path, interface: EchoObject.interface, member: "Echo",
            arguments: [.variant(.string("through"))]
        ) { answered = try? $0.get().arguments }
        fixture.loop.run(until: { answered != nil }, timeout: .seconds(5))
        #expect(answered == [.variant(.string("through"))])
        #expect(stuck == 0)
        #expect(queue.load(of: fixture.server.uniqueName) == (1, 2))
        #expect(queue.load(of: other.uniqueName) == (0, 0))
    }
}
