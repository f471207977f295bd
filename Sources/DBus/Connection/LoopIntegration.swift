internal import CDBus
import DBusTypes
import Loop
import Time

/// Wires one libdbus connection into an ``EventLoop``: its watches become one epoll
/// registration per file descriptor (libdbus adds a read and a write watch on the same
/// socket), its timeouts share one timer armed for the earliest deadline, and queued messages
/// are dispatched before the next wait once libdbus says there are some.
///
/// One timer for all timeouts, not a timerfd each: libdbus adds a timeout for every call
/// awaiting a reply, so a timerfd each would cost three system calls before every call is
/// written, and a descriptor per call in flight.
///
/// libdbus holds this object (retained) as the user data of its callbacks and releases it
/// when the functions are replaced or the connection is finalized.
final class LoopIntegration {
    private let loop: EventLoop
    private let connection: OpaquePointer

    /// The watches on one descriptor, sharing one registration.
    private struct WatchedDescriptor {
        var source: FileDescriptorSource
        var watches: [OpaquePointer]
    }

    private var descriptors: [Int32: WatchedDescriptor] = [:]
    /// Enabled timeouts and when each is due; disabled ones are absent.
    private var deadlines: [OpaquePointer: MonotonicInstant] = [:]
    private var known: Set<OpaquePointer> = []
    private var timer: Timer?
    private var armedFor: MonotonicInstant?
    private var preparer: UInt64?
    /// Whether libdbus may have messages queued to dispatch: set by its status callback, and
    /// at first (what was queued before the callback was set).
    private var dispatchPending = true

    init(loop: EventLoop, connection: OpaquePointer) {
        self.loop = loop
        self.connection = connection
    }

    /// Hands the watch and timeout functions to libdbus and starts dispatching.
    func install() throws(DBusError) {
        let data = Unmanaged.passRetained(self).toOpaque()
        let watchesSet = dbus_connection_set_watch_functions(
            connection,
            { watch, data in LoopIntegration.from(data).add(watch: watch!) },
            { watch, data in LoopIntegration.from(data).remove(watch: watch!) },
            { watch, data in LoopIntegration.from(data).update(descriptor: dbus_watch_get_unix_fd(watch!)) },
            data,
            { data in Unmanaged<LoopIntegration>.fromOpaque(data!).release() }
        )
        guard watchesSet != 0 else { throw DBusError(.noMemory, "cannot install the connection's watches") }
        let timeoutData = Unmanaged.passRetained(self).toOpaque()
        let timeoutsSet = dbus_connection_set_timeout_functions(
            connection,
            { timeout, data in LoopIntegration.from(data).add(timeout: timeout!) },
            { timeout, data in LoopIntegration.from(data).remove(timeout: timeout!) },
            { timeout, data in LoopIntegration.from(data).toggle(timeout: timeout!) },
            timeoutData,
            { data in Unmanaged<LoopIntegration>.fromOpaque(data!).release() }
        )
        guard timeoutsSet != 0 else { throw DBusError(.noMemory, "cannot install the connection's timeouts") }
        // libdbus says when messages are queued (read with a reply awaited, or while blocking):
        // a flag then, so a turn of the loop with nothing queued (every keystroke a taken-over
        // keyboard passes on) does not take the connection's lock to ask. It must not dispatch
        // from inside the callback; the preparer does.
        dbus_connection_set_dispatch_status_function(
            connection,
            { _, status, data in
                if status == DBUS_DISPATCH_DATA_REMAINS { LoopIntegration.from(data).dispatchPending = true }
            },
            Unmanaged.passRetained(self).toOpaque(),
            { data in Unmanaged<LoopIntegration>.fromOpaque(data!).release() }
        )
        let connection = self.connection
        preparer = loop.addPreparer { [unowned self] in
            guard dispatchPending else { return }
            dispatchPending = false
            while dbus_connection_get_dispatch_status(connection) == DBUS_DISPATCH_DATA_REMAINS {
                _ = dbus_connection_dispatch(connection)
            }
        }
    }

    /// Takes everything out of the loop; libdbus calls back to remove each watch and timeout.
    func uninstall() {
        if let preparer { loop.removePreparer(preparer) }
        preparer = nil
        dbus_connection_set_watch_functions(connection, nil, nil, nil, nil, nil)
        dbus_connection_set_timeout_functions(connection, nil, nil, nil, nil, nil)
        dbus_connection_set_dispatch_status_function(connection, nil, nil, nil)
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> LoopIntegration {
        Unmanaged<LoopIntegration>.fromOpaque(data!).takeUnretainedValue()
    }

    // MARK: Watches

    private func add(watch: OpaquePointer) -> dbus_bool_t {
        let fd = dbus_watch_get_unix_fd(watch)
        if descriptors[fd] != nil {
            descriptors[fd]!.watches.append(watch)
        } else {
            do {
                let source = try loop.watch(fd: fd, for: []) { [unowned self] events in self.handle(fd: fd, events: events) }
                descriptors[fd] = WatchedDescriptor(source: source, watches: [watch])
            } catch {
                return 0
            }
        }
        update(descriptor: fd)
        return 1
    }

    private func remove(watch: OpaquePointer) {
        let fd = dbus_watch_get_unix_fd(watch)
        guard var entry = descriptors[fd] else { return }
        entry.watches.removeAll { $0 == watch }
        if entry.watches.isEmpty {
            entry.source.cancel()
            descriptors[fd] = nil
        } else {
            descriptors[fd] = entry
            update(descriptor: fd)
        }
    }

    /// Sets the descriptor's epoll mask to the union of its enabled watches.
    private func update(descriptor fd: Int32) {
        guard let entry = descriptors[fd] else { return }
        var events: EventLoop.Events = []
        for watch in entry.watches where dbus_watch_get_enabled(watch) != 0 {
            let flags = dbus_watch_get_flags(watch)
            if flags & DBUS_WATCH_READABLE.rawValue != 0 { events.insert(.readable) }
            if flags & DBUS_WATCH_WRITABLE.rawValue != 0 { events.insert(.writable) }
        }
        if entry.source.events != events { entry.source.events = events }
    }

    private func handle(fd: Int32, events: EventLoop.Events) {
        guard let watches = descriptors[fd]?.watches else { return }
        var conditions: UInt32 = 0
        if events.contains(.error) { conditions |= DBUS_WATCH_ERROR.rawValue }
        if events.contains(.hangUp) { conditions |= DBUS_WATCH_HANGUP.rawValue }
        var ready: UInt32 = 0
        if events.contains(.readable) { ready |= DBUS_WATCH_READABLE.rawValue }
        if events.contains(.writable) { ready |= DBUS_WATCH_WRITABLE.rawValue }
        for watch in watches {
            // Handling one watch may remove the other: only handle what is still there.
            guard descriptors[fd]?.watches.contains(watch) == true, dbus_watch_get_enabled(watch) != 0 else { continue }
            let flags = (dbus_watch_get_flags(watch) & ready) | conditions
            if flags != 0 { _ = dbus_watch_handle(watch, flags) }
        }
    }

    // MARK: Timeouts

    private func add(timeout: OpaquePointer) -> dbus_bool_t {
        if timer == nil {
            guard let made = try? loop.makeTimer(handler: { [unowned self] in self.fire() }) else { return 0 }
            timer = made
        }
        known.insert(timeout)
        toggle(timeout: timeout)
        return 1
    }

    private func remove(timeout: OpaquePointer) {
        known.remove(timeout)
        deadlines[timeout] = nil
        rearm()
    }

    private func toggle(timeout: OpaquePointer) {
        guard known.contains(timeout) else { return }
        if dbus_timeout_get_enabled(timeout) != 0 {
            deadlines[timeout] = MonotonicClock.now + LoopIntegration.interval(timeout)
        } else {
            deadlines[timeout] = nil
        }
        rearm()
    }

    private static func interval(_ timeout: OpaquePointer) -> Duration {
        .milliseconds(max(dbus_timeout_get_interval(timeout), 0))
    }

    /// Handles every timeout that is due (each repeats until libdbus disables or removes it).
    private func fire() {
        let now = MonotonicClock.now
        for (timeout, deadline) in deadlines where deadline <= now {
            // Handling one may remove or re-add others: only handle what is still due.
            guard deadlines[timeout] == deadline else { continue }
            deadlines[timeout] = now + LoopIntegration.interval(timeout)
            _ = dbus_timeout_handle(timeout)
        }
        armedFor = nil
        rearm()
    }

    /// Arms the timer for the earliest deadline, or disarms it when none is due.
    private func rearm() {
        guard let earliest = deadlines.values.min() else {
            if armedFor != nil { timer?.disarm() }
            armedFor = nil
            return
        }
        guard earliest != armedFor else { return }
        armedFor = earliest
        timer?.schedule(after: earliest.duration(since: MonotonicClock.now))
    }
}
