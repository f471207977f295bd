import Time

/// A timer for "the next deadline, if there is one", as every part with deadlines wants it:
/// made on the loop the first time it is armed (a part that never needs it holds no
/// descriptor), disarmed when there is no deadline (then it costs no wakeup), and a timer that
/// cannot be made said once through `onFailure` rather than swallowed.
public final class DeadlineTimer {
    private let loop: EventLoop
    private let onFailure: (LoopError) -> Void
    private let handler: () -> Void
    private var timer: Timer?
    private var failed = false

    public init(loop: EventLoop, onFailure: @escaping (LoopError) -> Void, handler: @escaping () -> Void) {
        (self.loop, self.onFailure, self.handler) = (loop, onFailure, handler)
    }

    public var isArmed: Bool { timer?.isArmed ?? false }

    /// Fires at `deadline` (at once if it has passed), replacing any earlier one; nil disarms.
    public func arm(at deadline: MonotonicInstant?) {
        guard let deadline else {
            timer?.disarm()
            return
        }
        if timer == nil {
            // Tried once: a part that arms it at every sample must not say so at every sample.
            guard !failed else { return }
            do throws(LoopError) {
                timer = try loop.makeTimer(handler: handler)
            } catch {
                failed = true
                onFailure(error)
                return
            }
        }
        timer?.schedule(after: deadline.duration(since: MonotonicClock.now))
    }

    /// Disarms it and gives its descriptor back; armed again, it is made again.
    public func cancel() {
        timer?.cancel()
        timer = nil
    }
}
