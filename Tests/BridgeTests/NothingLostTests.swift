import Bridge
import DBus
import DBusTypes
import Foundation
import MediaRemoteAPI
import Testing
import TestSupport

/// Many clients at once, as fast as they can: every call answered, every event reported once,
/// handled or discarded with its reason, each client's events in the order it sent them.
@Suite("nothing lost, in order: four clients sending as fast as they can", .serialized)
struct NothingLostTests {
    /// The app that takes the events: a responder at /sink that handles everything, first
    /// responder and receiving; `received` sees each subtype it gets.
    static func sink(_ fixture: ServiceFixture, received: @escaping (String) -> Void) throws {
        try fixture.client.export([ResponderObject.interface { _, subtype in
            received(subtype)
            return true
        }], at: "/sink")
        _ = try fixture.callBridge(MediaRemoteMembers.beginReceivingRemoteControlEvents.name).get()
        #expect(try fixture.callBridge(MediaRemoteMembers.becomeFirstResponder.name, [.objectPath("/sink")]).get().arguments == [.boolean(true)])
    }

    @Test("4 clients × 2,500 SendRemoteControlEvent, 400 in flight: 10,000 answers, 10,000 EventDispatched, each client's in its order")
    func fourClients() throws {
        let fixture = try ServiceFixture(logToFile: true)
        var received: [String: Int] = [:]
        try Self.sink(fixture) { received[$0, default: 0] += 1 }
        let rssBefore = Self.residentKB(fixture.daemon.pid)

        // Each client sends its own subtype, so its events can be told apart in the signals.
        let subtypes = ["play", "pause", "nextTrack", "previousTrack"]
        let perClient = 2500
        let clients = try subtypes.map { _ in try fixture.bus.connect(loop: fixture.loop) }
        var answers: [[Int]] = Array(repeating: [], count: clients.count)
        var failures: [String] = []
        // As fast as each can, 100 calls in flight each: 400 events at once, all for the one
        // responder. The service sends them on through its line for that app (CallQueue), so
        // neither our private bus's limit of 128 pending replies a connection nor the 250 ms
        // call timeout discards any (without the line, both did).
        let window = 100
        var sent = Array(repeating: 0, count: clients.count)
        func send(_ client: Int) {
            let index = sent[client]
            sent[client] += 1
            clients[client].call(destination: MediaRemoteNames.busName, path: MediaRemoteNames.objectPath, interface: MediaRemoteNames.interface,
                                 member: MediaRemoteMembers.sendRemoteControlEvent.name, arguments: [.string(subtypes[client])],
                                 timeout: .seconds(120)) { result in
                switch result {
                case .success(let reply) where reply.arguments.first == .boolean(true): answers[client].append(index)
                case .success(let reply): failures.append("\(subtypes[client]) #\(index) not handled: \(reply.arguments)")
                case .failure(let error): failures.append("\(subtypes[client]) #\(index): \(error)")
                }
                if sent[client] < perClient { send(client) }
            }
        }
        for client in clients.indices {
            for _ in 0..<window { send(client) }
        }
        let total = perClient * clients.count
        fixture.wait(timeout: .seconds(180)) { answers.map(\.count).reduce(0, +) + failures.count == total && fixture.dispatched.count >= total }
        // A moment more: nothing extra may come.
        fixture.wait(timeout: .milliseconds(300)) { false }

        SoakReport(part: "4 clients, 400 in flight", calls: total, crashes: fixture.daemon.isRunning ? 0 : 1,
                   lost: total - received.values.reduce(0, +), rssBefore: rssBefore, rssAfter: Self.residentKB(fixture.daemon.pid)).record()
        #expect(failures.isEmpty, "\(failures.count) failed, the first: \(failures.prefix(3))")
        for (client, indices) in answers.enumerated() {
            let firstOutOfOrder = zip(indices, 0...).first { $0 != $1 }
            #expect(indices.count == perClient && firstOutOfOrder == nil,
                    "\(subtypes[client]): \(indices.count) answers, first out of order: \(String(describing: firstOutOfOrder))")
        }
        #expect(fixture.dispatched.count == total)
        #expect(fixture.unreadable.isEmpty, "\(fixture.unreadable)")
        #expect(fixture.dispatched.allSatisfy { $0.outcome.reason?.isEmpty != true })
        for subtype in subtypes {
            let signals = fixture.dispatched.filter { $0.subtype == subtype }
            #expect(signals.count == perClient, "\(subtype)")
            // Each event's time is given when its call is read; a client's calls are read in its order.
            #expect(zip(signals, signals.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp }, "\(subtype): signals out of order")
            #expect(received[subtype] == perClient, "\(subtype): the responder got \(received[subtype] ?? 0)")
        }
    }

    /// The resident memory of a process, in kB.
    static func residentKB(_ pid: pid_t) -> Int { FuzzTests.residentKB(pid) ?? 0 }

    @Test("many events through a running service: its memory afterwards is what it was (SOAK_EVENTS; a million in make soak)")
    func memoryAfterMany() throws {
        let count = FuzzTests.setting("SOAK_EVENTS", default: 20_000)
        let fixture = try ServiceFixture(logToFile: true)
        var received = 0
        try Self.sink(fixture) { _ in received += 1 }
        let client = try fixture.bus.connect(loop: fixture.loop)
        var answered = 0
        var sent = 0
        func send() {
            sent += 1
            client.call(destination: MediaRemoteNames.busName, path: MediaRemoteNames.objectPath, interface: MediaRemoteNames.interface,
                        member: MediaRemoteMembers.sendRemoteControlEvent.name, arguments: [.string("togglePlayPause")], timeout: .seconds(60)) { _ in
                answered += 1
                if sent < count { send() }
            }
        }
        // Warm up first: what the first events allocate once is not growth.
        let warmUp = min(2_000, count)
        for _ in 0..<20 { send() }
        fixture.wait(timeout: .seconds(120)) { answered >= warmUp }
        let before = Self.residentKB(fixture.daemon.pid)
        fixture.wait(timeout: .seconds(3600)) { answered == count }
        fixture.wait(timeout: .milliseconds(300)) { false }
        let after = Self.residentKB(fixture.daemon.pid)
        print("soak: \(count) events, \(answered) answered, \(received) received by the responder; RSS \(before) kB → \(after) kB (\(after - before >= 0 ? "+" : "")\(after - before) kB)")
        SoakReport(part: "events through a running service", calls: count, crashes: fixture.daemon.isRunning ? 0 : 1,
                   lost: count - received, rssBefore: before, rssAfter: after).record()
        #expect(answered == count && received == count)
        #expect(after - before <= 1024, "RSS grew from \(before) kB to \(after) kB")
    }
}
