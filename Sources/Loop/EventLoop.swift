internal import CSystem
import Time
#if canImport(Glibc)
import Glibc
#endif

/// One thread's event loop: epoll over file descriptors, timers (a timerfd each) and signals
/// (a signalfd), with work that runs before every wait.
///
/// It wakes only when something happens: no polling, no periodic tick. Everything it owns is
/// touched from the thread that runs it; the type is not `Sendable`, so the compiler keeps
/// it there.
public final class EventLoop {
    /// What a file descriptor is watched for, and what happened to it.
    public struct Events: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let readable = Events(rawValue: csystem_EPOLLIN)
        public static let writable = Events(rawValue: csystem_EPOLLOUT)
        public static let error = Events(rawValue: csystem_EPOLLERR)
        public static let hangUp = Events(rawValue: csystem_EPOLLHUP)
    }

    private let epoll: Int32
    private var handlers: [UInt64: (Events) -> Void] = [:]
    private var nextToken: UInt64 = 1
    private var preparers: [UInt64: () -> Void] = [:]
    private var isStopping = false
    /// Where each wait writes its batch, reused so a wakeup allocates nothing.
    private var readyTokens = [UInt64](repeating: 0, count: 32)
    private var readyEvents = [UInt32](repeating: 0, count: 32)

    /// How many times the loop has woken from a wait; a measure of idle cost.
    public private(set) var wakeups = 0

    public init() throws(LoopError) {
        epoll = csystem_epoll_create()
        guard epoll >= 0 else { throw LoopError("create an epoll instance") }
    }

    deinit { close(epoll) }

    // MARK: Registrations

    func register(fd: Int32, events: Events, handler: @escaping (Events) -> Void) throws(LoopError) -> UInt64 {
        let token = nextToken
        nextToken += 1
        guard csystem_epoll_add(epoll, fd, events.rawValue, token) == 0 else {
            throw LoopError("watch file descriptor \(fd)")
        }
        handlers[token] = handler
        return token
    }

    func modify(fd: Int32, token: UInt64, events: Events) {
        _ = csystem_epoll_modify(epoll, fd, events.rawValue, token)
    }

    func unregister(fd: Int32, token: UInt64) {
        _ = csystem_epoll_remove(epoll, fd)
        handlers[token] = nil
    }

    /// Runs `work` before every wait, until the returned token is passed to `removePreparer`.
    /// A bus binding dispatches here what its library has already read into a queue (libdbus
    /// does), which no descriptor would report.
    public func addPreparer(_ work: @escaping () -> Void) -> UInt64 {
        let token = nextToken
        nextToken += 1
        preparers[token] = work
        return token
    }

    public func removePreparer(_ token: UInt64) {
        preparers[token] = nil
    }

    // MARK: Running

    /// Runs until `stop()` is called.
    public func run() {
        isStopping = false
        while !isStopping {
            iterate(timeoutMilliseconds: -1)
        }
    }

    /// Runs until `condition` holds or `timeout` passes; returns whether the condition held.
    /// For tests and command-line tools that wait for one answer.
    @discardableResult
    public func run(until condition: () -> Bool, timeout: Duration) -> Bool {
        let deadline = MonotonicClock.now + timeout
        isStopping = false
        while !isStopping {
            runPreparers()
            if condition() { return true }
            let left = deadline - MonotonicClock.now
            if left <= .zero { return false }
            iterate(timeoutMilliseconds: Int32(min(left.millisecondsRoundedUp + 1, Int64(Int32.max))))
        }
        return condition()
    }

    /// Makes `run()` return after the current callback.
    public func stop() {
        isStopping = true
    }

    /// Runs every preparer, and then those a preparer added meanwhile (a bus message handled
    /// in one may start work that adds another: it must run before the loop sleeps, or it waits
    /// for an unrelated wakeup). Tokens only grow, so the ones added are those past the pass's
    /// start; a few rounds at most. One removed by an earlier one in the same pass (a connection
    /// closed by a message it dispatched) is not run: it may belong to what was freed.
    private func runPreparers() {
        var from: UInt64 = 0
        for _ in 0..<8 {
            let upTo = nextToken
            for token in preparers.keys where token >= from && token < upTo {
                guard let work = preparers[token] else { continue }
                work()
            }
            if nextToken == upTo { return }
            from = upTo
        }
    }

    private func iterate(timeoutMilliseconds: Int32) {
        runPreparers()
        if isStopping { return }
        let count = csystem_epoll_wait(epoll, &readyTokens, &readyEvents, Int32(readyTokens.count), timeoutMilliseconds)
        wakeups += 1
        guard count > 0 else { return }
        for i in 0..<Int(count) {
            // A handler may have removed a later registration in this batch: look each one up.
            handlers[readyTokens[i]]?(Events(rawValue: readyEvents[i]))
        }
    }
}
