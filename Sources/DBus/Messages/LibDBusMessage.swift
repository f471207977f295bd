internal import CDBus

/// One reference to a libdbus message, released when the value goes: what ``Message/encode()``
/// makes. Noncopyable, so it costs no allocation and cannot be released twice.
///
/// The pointer is lent, never handed out: a noncopyable value may end right after its last
/// use, so a pointer taken from it could outlive it.
struct LibDBusMessage: ~Copyable {
    private let raw: OpaquePointer

    /// Takes over a reference the caller holds (one `dbus_message_new*` returned).
    init(taking raw: OpaquePointer) {
        self.raw = raw
    }

    deinit { dbus_message_unref(raw) }

    /// Lends the message to `body`, which must not keep the pointer. A call that sends it takes
    /// a reference of its own.
    func withUnsafePointer<Result>(_ body: (OpaquePointer) -> Result) -> Result {
        body(raw)
    }
}
