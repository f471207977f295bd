internal import CSystem
#if canImport(Glibc)
import Glibc
#endif

/// Unix signals delivered through a signalfd, so a handler runs on the loop like any other
/// event instead of interrupting it. The signals are blocked for the calling thread; start
/// other threads after creating this, or they may take the signal instead.
public final class SignalSource {
    private let fd: Int32
    private var source: FileDescriptorSource?

    init(loop: EventLoop, signals: [Int32], handler: @escaping (Int32) -> Void) throws(LoopError) {
        fd = signals.withUnsafeBufferPointer { csystem_signalfd_create($0.baseAddress, Int32($0.count)) }
        guard fd >= 0 else { throw LoopError("create a signalfd") }
        let fd = self.fd
        // Should this throw, every property is set, so deinit runs and closes fd.
        source = try loop.watch(fd: fd) { _ in
            while case let signal = csystem_signalfd_read(fd), signal > 0 { handler(signal) }
        }
    }

    deinit {
        source?.cancel()
        close(fd)
    }
}

extension EventLoop {
    /// Calls `handler` on the loop for each of `signals` (e.g. `SIGTERM`, `SIGINT`, `SIGHUP`).
    public func handleSignals(_ signals: [Int32], handler: @escaping (Int32) -> Void) throws(LoopError) -> SignalSource {
        try SignalSource(loop: self, signals: signals, handler: handler)
    }
}
