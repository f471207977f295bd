internal import CSystem
#if canImport(Glibc)
import Glibc
#endif

/// A timer on an ``EventLoop``, backed by its own timerfd: while it is not armed it costs
/// no wakeup at all.
public final class Timer {
    private let fd: Int32
    private var source: FileDescriptorSource?
    private var handler: () -> Void
    public private(set) var isArmed = false
    private var isRepeating = false

    init(loop: EventLoop, handler: @escaping () -> Void) throws(LoopError) {
        fd = csystem_timerfd_create()
        guard fd >= 0 else { throw LoopError("create a timer") }
        self.handler = handler
        // Should this throw, every property is set, so deinit runs and closes fd.
        source = try loop.watch(fd: fd) { [unowned self] _ in self.fire() }
    }

    deinit {
        source?.cancel()
        close(fd)
    }

    /// Fires once after `delay`, or every `interval` from then on; replaces any earlier schedule.
    public func schedule(after delay: Duration, repeating interval: Duration? = nil) {
        // timerfd treats a zero value as "disarm": the shortest real delay is 1 ns.
        let value = max(delay.nanoseconds, 1)
        isRepeating = interval != nil
        isArmed = true
        _ = csystem_timerfd_arm(fd, value, interval.map { max($0.nanoseconds, 1) } ?? 0)
    }

    /// Disarms the timer; it can be scheduled again.
    public func disarm() {
        isArmed = false
        _ = csystem_timerfd_arm(fd, 0, 0)
    }

    /// Stops the timer for good and releases its descriptor's registration.
    public func cancel() {
        disarm()
        source?.cancel()
        source = nil
    }

    private func fire() {
        guard csystem_timerfd_read(fd) > 0 else { return }
        if !isRepeating { isArmed = false }
        // The handler may drop the last reference to this timer: keep it alive until it returns.
        withExtendedLifetime(self) { handler() }
    }
}

extension EventLoop {
    /// A timer that calls `handler` once after `delay` (or every `interval`).
    @discardableResult
    public func schedule(
        after delay: Duration,
        repeating interval: Duration? = nil,
        handler: @escaping () -> Void
    ) throws(LoopError) -> Timer {
        let timer = try Timer(loop: self, handler: handler)
        timer.schedule(after: delay, repeating: interval)
        return timer
    }

    /// A timer that is not armed yet.
    public func makeTimer(handler: @escaping () -> Void) throws(LoopError) -> Timer {
        try Timer(loop: self, handler: handler)
    }
}
