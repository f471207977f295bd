/// A file descriptor watched by an ``EventLoop``. The caller keeps ownership of the
/// descriptor; `cancel()` stops watching it (and must come before the descriptor is closed).
public final class FileDescriptorSource {
    public let fd: Int32
    private weak var loop: EventLoop?
    private let token: UInt64
    private var isCancelled = false

    /// What is being watched for; changing it takes effect before the next wait.
    public var events: EventLoop.Events {
        didSet { if !isCancelled { loop?.modify(fd: fd, token: token, events: events) } }
    }

    init(loop: EventLoop, fd: Int32, events: EventLoop.Events, handler: @escaping (EventLoop.Events) -> Void) throws(LoopError) {
        self.fd = fd
        self.loop = loop
        self.events = events
        token = try loop.register(fd: fd, events: events, handler: handler)
    }

    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        loop?.unregister(fd: fd, token: token)
    }
}

extension EventLoop {
    /// Calls `handler` whenever `fd` is ready for `events` (errors and hang-ups are always reported).
    public func watch(
        fd: Int32,
        for events: Events = .readable,
        handler: @escaping (Events) -> Void
    ) throws(LoopError) -> FileDescriptorSource {
        try FileDescriptorSource(loop: self, fd: fd, events: events, handler: handler)
    }
}
