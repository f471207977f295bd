#if canImport(Glibc)
import Glibc
#endif

/// The calling thread's `errno`, readable in a message.
struct Errno: CustomStringConvertible {
    let code: Int32

    static var current: Errno { Errno(code: errno) }

    var description: String { String(cString: strerror(code)) }
}
