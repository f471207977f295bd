import Time

/// The warnings for devices MediaRemote would read but may not open: each said once per device,
/// and only if the device is still unreadable a moment after it appeared. devtmpfs creates a
/// new node for root alone and udev gives the seat's user its ACL milliseconds later, so a
/// headset connected with the rule in place is unreadable at first: warning at once would tell
/// the person to install a rule they have. A value on a clock passed in; ``DeviceTable`` keeps it.
struct PermissionNotices: Sendable {
    /// Long enough for udev to finish with a new node, even on a busy machine.
    static let udevGrace: Duration = .seconds(1)

    private var pending: [String: (message: String, due: MonotonicInstant)] = [:]
    private var said: [String: String] = [:]
    /// No timer could be made to wait with: each warning is said at once rather than never.
    var withoutGrace = false

    /// When the earliest warning waiting is due.
    var deadline: MonotonicInstant? { pending.values.map(\.due).min() }

    /// Says `message` about `path` after the grace (if ``due(at:isStillUnreadable:)`` then
    /// agrees), unless the same was said already; a warning already waiting keeps its moment and
    /// takes the new words. Returns what is to be said now (only without a grace).
    mutating func warnLater(_ path: String, _ message: String, at now: MonotonicInstant) -> String? {
        guard said[path] != message else { return nil }
        if withoutGrace {
            said[path] = message
            return message
        }
        pending[path] = (message, pending[path]?.due ?? now + Self.udevGrace)
        return nil
    }

    /// The warnings whose grace is over at `now`, for devices still unreadable, in path order.
    mutating func due(at now: MonotonicInstant, isStillUnreadable: (String) -> Bool) -> [String] {
        var told: [String] = []
        for (path, waiting) in pending.sorted(by: { $0.key < $1.key }) where waiting.due <= now {
            pending[path] = nil
            guard isStillUnreadable(path), said[path] != waiting.message else { continue }
            said[path] = waiting.message
            told.append(waiting.message)
        }
        return told
    }

    /// Without a timer: every warning waiting is said now (the grace cannot be waited), and later
    /// ones at once.
    mutating func sayWithoutGrace(isStillUnreadable: (String) -> Bool) -> [String] {
        withoutGrace = true
        return due(at: MonotonicInstant(microseconds: .max), isStillUnreadable: isStillUnreadable)
    }

    /// The device was opened or went away: nothing pending is said, and a later lack of
    /// permission is said again.
    mutating func forget(_ path: String) {
        pending[path] = nil
        said[path] = nil
    }
}
