import Loop
import Foundation
import Testing

@Suite("The event loop: timers, descriptors, signals")
struct EventLoopTests {
    @Test("timers fire in deadline order, once unless repeating, and not after cancel")
    func timers() throws {
        let loop = try EventLoop()
        var fired: [String] = []
        let late = try loop.schedule(after: .milliseconds(60)) { fired.append("late") }
        let early = try loop.schedule(after: .milliseconds(20)) { fired.append("early") }
        let cancelled = try loop.schedule(after: .milliseconds(40)) { fired.append("cancelled") }
        var ticks = 0
        let repeating = try loop.schedule(after: .milliseconds(10), repeating: .milliseconds(10)) { ticks += 1 }
        cancelled.cancel()
        loop.run(until: { fired.count == 2 }, timeout: .seconds(5))
        repeating.cancel()
        #expect(fired == ["early", "late"])
        #expect(ticks >= 3)
        #expect(!early.isArmed && !late.isArmed)
    }

    @Test("a descriptor's handler runs when it is readable, until cancelled")
    func descriptors() throws {
        let loop = try EventLoop()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        var reads = 0
        let source = try loop.watch(fd: fds[0]) { _ in
            var byte: UInt8 = 0
            if read(fds[0], &byte, 1) == 1 { reads += 1 }
        }
        #expect(write(fds[1], "ab", 2) == 2)
        loop.run(until: { reads == 2 }, timeout: .seconds(5))
        #expect(reads == 2)
        source.cancel()
        #expect(write(fds[1], "c", 1) == 1)
        loop.run(until: { false }, timeout: .milliseconds(50))
        #expect(reads == 2)
    }

    @Test("a signal arrives as an event on the loop")
    func signals() throws {
        let loop = try EventLoop()
        var received: [Int32] = []
        let source = try loop.handleSignals([SIGUSR1]) { received.append($0) }
        _ = source
        // Sent to this thread: the signalfd blocked it here, so it waits for the loop.
        pthread_kill(pthread_self(), SIGUSR1)
        loop.run(until: { !received.isEmpty }, timeout: .seconds(5))
        #expect(received == [SIGUSR1])
    }

    @Test("work a preparer adds runs before the loop waits, not at the next wakeup")
    func preparerAddedByAPreparer() throws {
        let loop = try EventLoop()
        var ran: [String] = []
        var second: UInt64?
        var first: UInt64?
        first = loop.addPreparer {
            ran.append("first")
            loop.removePreparer(first!)
            second = loop.addPreparer {
                ran.append("second")
                loop.removePreparer(second!)
                loop.stop()
            }
        }
        // Nothing else wakes the loop for a second: the second must run before the first wait.
        let timeout = try loop.schedule(after: .seconds(1)) { loop.stop() }
        loop.run()
        timeout.cancel()
        // Else the timeout stopped the loop, the second never run.
        #expect(ran == ["first", "second"])
    }

    @Test("a preparer removed by another in the same pass is not run (what it belonged to may be gone)")
    func preparerRemovedByAPreparer() throws {
        let loop = try EventLoop()
        var ran: [String] = []
        var tokens: [UInt64] = []
        // Two preparers, each removing the other and itself: whichever the pass meets first
        // runs, and the other must not.
        for name in ["a", "b"] {
            tokens.append(loop.addPreparer {
                ran.append(name)
                for token in tokens { loop.removePreparer(token) }
                loop.stop()
            })
        }
        let timeout = try loop.schedule(after: .seconds(1)) { loop.stop() }
        loop.run()
        timeout.cancel()
        #expect(ran.count == 1, "ran \(ran)")
    }

    @Test("stop() ends run()")
    func stop() throws {
        let loop = try EventLoop()
        let timer = try loop.schedule(after: .milliseconds(10)) { loop.stop() }
        loop.run()
        #expect(!timer.isArmed)
    }
}
