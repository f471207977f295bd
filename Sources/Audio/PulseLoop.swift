internal import CPulse
import Loop
#if canImport(Glibc)
import Glibc
#endif

/// libpulse's main-loop interface (`pa_mainloop_api`) carried out on MediaRemote's one
/// ``EventLoop``: libpulse asks for file descriptors to watch, timers and deferred work, and gets
/// the loop's own watches and timers, so the audio server is followed on the service's thread
/// with no loop or thread of libpulse's (the way its GLib adapter serves GTK programs).
///
/// Each event libpulse holds is a retained object behind the opaque pointer it was given, and is
/// released when libpulse frees it (after its destroy callback, as libpulse expects).
final class PulseLoop {
    let loop: EventLoop
    /// The table handed to libpulse, which keeps its address: on the heap, for this object's
    /// life. Its `userdata` is this object.
    let api = UnsafeMutablePointer<pa_mainloop_api>.allocate(capacity: 1)
    /// Deferred work that is enabled: run before the loop waits, until none is left enabled.
    private var deferred: [ObjectIdentifier: DeferEvent] = [:]
    private var preparer: UInt64?

    init(loop: EventLoop) {
        self.loop = loop
        var api = pa_mainloop_api()
        api.io_new = { api, fd, events, callback, userdata in PulseLoop.from(api).newIO(fd, events, callback, userdata) }
        api.io_enable = { event, events in IOEvent.from(event).enable(events) }
        api.io_free = { event in IOEvent.from(event).free() }
        api.io_set_destroy = { event, destroy in IOEvent.from(event).destroy = destroy }
        api.time_new = { api, time, callback, userdata in PulseLoop.from(api).newTime(time, callback, userdata) }
        api.time_restart = { event, time in TimeEvent.from(event).restart(time) }
        api.time_free = { event in TimeEvent.from(event).free() }
        api.time_set_destroy = { event, destroy in TimeEvent.from(event).destroy = destroy }
        api.defer_new = { api, callback, userdata in PulseLoop.from(api).newDefer(callback, userdata) }
        api.defer_enable = { event, enabled in DeferEvent.from(event).enable(enabled != 0) }
        api.defer_free = { event in DeferEvent.from(event).free() }
        api.defer_set_destroy = { event, destroy in DeferEvent.from(event).destroy = destroy }
        // Only a program's own loop quits; libpulse never calls this on a context's behalf.
        api.quit = { _, _ in }
        self.api.initialize(to: api)
        self.api.pointee.userdata = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        if let preparer { loop.removePreparer(preparer) }
        api.deinitialize(count: 1)
        api.deallocate()
    }

    private static func from(_ api: UnsafeMutablePointer<pa_mainloop_api>?) -> PulseLoop {
        Unmanaged<PulseLoop>.fromOpaque(api!.pointee.userdata).takeUnretainedValue()
    }

    // MARK: File descriptors

    private func newIO(_ fd: Int32, _ events: pa_io_event_flags_t, _ callback: pa_io_event_cb_t?, _ userdata: UnsafeMutableRawPointer?) -> OpaquePointer? {
        let event = IOEvent(owner: self, fd: fd, callback: callback, userdata: userdata)
        event.enable(events)
        return event.retainedPointer
    }

    final class IOEvent: PulseEvent {
        let fd: Int32
        let callback: pa_io_event_cb_t?
        private var source: FileDescriptorSource?

        init(owner: PulseLoop, fd: Int32, callback: pa_io_event_cb_t?, userdata: UnsafeMutableRawPointer?) {
            self.fd = fd
            self.callback = callback
            super.init(owner: owner, userdata: userdata)
        }

        func enable(_ flags: pa_io_event_flags_t) {
            var events: EventLoop.Events = []
            if flags.rawValue & PA_IO_EVENT_INPUT.rawValue != 0 { events.insert(.readable) }
            if flags.rawValue & PA_IO_EVENT_OUTPUT.rawValue != 0 { events.insert(.writable) }
            if let source {
                source.events = events
                return
            }
            // A descriptor epoll refuses (libpulse may watch one fd twice for a moment, as a
            // connection hands it from its connecting to its channel): not watched now; the next
            // enable tries again, and a connection never watched times out, which libpulse reports
            // as a failure like any other.
            source = try? owner.loop.watch(fd: fd, for: events) { [unowned self] ready in self.fire(ready) }
        }

        private func fire(_ ready: EventLoop.Events) {
            var flags: UInt32 = 0
            if ready.contains(.readable) { flags |= PA_IO_EVENT_INPUT.rawValue }
            if ready.contains(.writable) { flags |= PA_IO_EVENT_OUTPUT.rawValue }
            if ready.contains(.hangUp) { flags |= PA_IO_EVENT_HANGUP.rawValue }
            if ready.contains(.error) { flags |= PA_IO_EVENT_ERROR.rawValue }
            withExtendedLifetime(self) {
                callback?(owner.api, pointer, fd, pa_io_event_flags_t(flags), userdata)
            }
        }

        override func stop() {
            source?.cancel()
            source = nil
        }

        static func from(_ pointer: OpaquePointer?) -> IOEvent { PulseEvent.object(pointer) }
    }

    // MARK: Timers

    private func newTime(_ time: UnsafePointer<timeval>?, _ callback: pa_time_event_cb_t?, _ userdata: UnsafeMutableRawPointer?) -> OpaquePointer? {
        guard let event = TimeEvent(owner: self, callback: callback, userdata: userdata) else { return nil }
        event.restart(time)
        return event.retainedPointer
    }

    final class TimeEvent: PulseEvent {
        let callback: pa_time_event_cb_t?
        private var timer: Loop.Timer?
        /// The time asked for, as libpulse gave it: handed back to the callback.
        private var time = timeval()

        init?(owner: PulseLoop, callback: pa_time_event_cb_t?, userdata: UnsafeMutableRawPointer?) {
            self.callback = callback
            super.init(owner: owner, userdata: userdata)
            guard let timer = try? owner.loop.makeTimer(handler: { [unowned self] in self.fire() }) else { return nil }
            self.timer = timer
        }

        /// libpulse's times are absolute: on the monotonic clock when it marks them so (the
        /// bit `PA_TIMEVAL_RTCLOCK`, 1 << 30 in the microseconds, which libpulse does not export),
        /// else on the wall clock. Nil disarms.
        func restart(_ newTime: UnsafePointer<timeval>?) {
            guard let newTime else {
                timer?.disarm()
                return
            }
            time = newTime.pointee
            let monotonicFlag = 1 << 30
            let onMonotonicClock = time.tv_usec & monotonicFlag != 0
            let target = Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_usec & ~monotonicFlag)
            let now: Int64
            if onMonotonicClock {
                now = Int64(pa_rtclock_now())
            } else {
                var wall = timeval()
                gettimeofday(&wall, nil)
                now = Int64(wall.tv_sec) * 1_000_000 + Int64(wall.tv_usec)
            }
            timer?.schedule(after: .microseconds(max(target - now, 0)))
        }

        private func fire() {
            // A copy: the callback may restart this very event, which writes `time`.
            var asked = time
            withExtendedLifetime(self) {
                withUnsafePointer(to: &asked) { callback?(owner.api, pointer, $0, userdata) }
            }
        }

        override func stop() {
            timer?.cancel()
            timer = nil
        }

        static func from(_ pointer: OpaquePointer?) -> TimeEvent { PulseEvent.object(pointer) }
    }

    // MARK: Deferred work

    private func newDefer(_ callback: pa_defer_event_cb_t?, _ userdata: UnsafeMutableRawPointer?) -> OpaquePointer? {
        let event = DeferEvent(owner: self, callback: callback, userdata: userdata)
        event.enable(true)
        return event.retainedPointer
    }

    final class DeferEvent: PulseEvent {
        let callback: pa_defer_event_cb_t?

        init(owner: PulseLoop, callback: pa_defer_event_cb_t?, userdata: UnsafeMutableRawPointer?) {
            self.callback = callback
            super.init(owner: owner, userdata: userdata)
        }

        func enable(_ enabled: Bool) {
            owner.setDeferred(self, enabled: enabled)
        }

        func run() {
            withExtendedLifetime(self) { callback?(owner.api, pointer, userdata) }
        }

        override func stop() {
            owner.setDeferred(self, enabled: false)
        }

        static func from(_ pointer: OpaquePointer?) -> DeferEvent { PulseEvent.object(pointer) }
    }

    /// Deferred work runs before the loop waits, and again while some is still enabled (work may
    /// enable more), as libpulse's own loop does by not sleeping while any is enabled. The
    /// preparer exists only while some is enabled, so an idle connection costs nothing.
    private func setDeferred(_ event: DeferEvent, enabled: Bool) {
        let id = ObjectIdentifier(event)
        deferred[id] = enabled ? event : nil
        if deferred.isEmpty, let preparer {
            loop.removePreparer(preparer)
            self.preparer = nil
        } else if !deferred.isEmpty, preparer == nil {
            preparer = loop.addPreparer { [unowned self] in self.runDeferred() }
        }
    }

    private func runDeferred() {
        // libpulse disables its deferred work as it does it; a bound keeps a misbehaving one from
        // holding the loop (it runs again at the next wakeup).
        for _ in 0..<64 where !deferred.isEmpty {
            for event in Array(deferred.values) where deferred[ObjectIdentifier(event)] != nil { event.run() }
        }
    }
}

/// What the three kinds of event share: the loop they live on, libpulse's userdata, and the
/// retained pointer libpulse holds until it frees them.
class PulseEvent {
    unowned let owner: PulseLoop
    let userdata: UnsafeMutableRawPointer?

    init(owner: PulseLoop, userdata: UnsafeMutableRawPointer?) {
        self.owner = owner
        self.userdata = userdata
    }

    /// The pointer libpulse knows this event by.
    var pointer: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }

    /// Retains the event for libpulse and returns its pointer.
    var retainedPointer: OpaquePointer { OpaquePointer(Unmanaged.passRetained(self).toOpaque()) }

    /// Gives up libpulse's reference (when it frees the event).
    func release() { Unmanaged.passUnretained(self).release() }

    /// Called when libpulse frees the event (the three kinds' destroy callbacks share a type).
    var destroy: pa_io_event_destroy_cb_t?

    /// Stops watching, timing or running: what freeing a kind of event ends.
    func stop() {}

    /// libpulse frees the event: it stops, its destroy callback runs, and libpulse's reference goes.
    func free() {
        stop()
        destroy?(owner.api, pointer, userdata)
        release()
    }

    static func object<T: PulseEvent>(_ pointer: OpaquePointer?) -> T {
        Unmanaged<T>.fromOpaque(UnsafeRawPointer(pointer!)).takeUnretainedValue()
    }
}
