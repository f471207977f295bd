#if canImport(Glibc)
import Glibc
#endif

/// A file descriptor passed over the bus (`h`). It owns the descriptor and closes it when
/// the last reference goes; sending one duplicates it, so the original stays open.
public final class UnixFileDescriptor: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    /// Takes ownership of `rawValue`.
    public init(taking rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Duplicates `rawValue`; the caller keeps its own descriptor.
    public init(duplicating rawValue: Int32) throws(DBusError) {
        let copy = fcntl(rawValue, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { throw DBusError(.invalidArgs, "cannot duplicate file descriptor \(rawValue)") }
        self.rawValue = copy
    }

    deinit { close(rawValue) }

    public static func == (lhs: UnixFileDescriptor, rhs: UnixFileDescriptor) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { "fd \(rawValue)" }
}
