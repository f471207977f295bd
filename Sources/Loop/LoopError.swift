/// A system call of the event loop that failed: what was being done and the system's reason.
///
/// The loop's own error, not the binding's: the loop serves the input devices as much as the
/// bus, and a failed `epoll_ctl` is no D-Bus error. One that escapes a method handler is
/// answered as `Failed` with its description, like any other error a handler throws.
public struct LoopError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done, as a phrase that follows "cannot": `create a timer`.
    public let operation: String
    /// `errno` when it failed.
    public let code: Int32
    /// The system's text for `code`: `Too many open files`.
    public let reason: String

    init(_ operation: String, _ errno: Errno = .current) {
        self.operation = operation
        code = errno.code
        reason = errno.description
    }

    public var description: String { "cannot \(operation): \(reason)" }
}
