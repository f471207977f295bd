import Loop

/// The warnings for devices MediaRemote would read but may not open: each said once per device,
/// and only if the device is still unreadable a moment after it appeared. devtmpfs creates a
/// new node for root alone and udev gives the seat's user its ACL milliseconds later, so a
/// headset connected with the rule in place is unreadable at first: warning at once would tell
/// the person to install a rule they have.
final class PermissionNotices {
    /// Long enough for udev to finish with a new node, even on a busy machine.
    static let udevGrace: Duration = .seconds(1)

    private let loop: EventLoop
    private let say: (String) -> Void
    private var pending: [String: (timer: Timer, message: String)] = [:]
    private var said: [String: String] = [:]

    init(loop: EventLoop, say: @escaping (String) -> Void) {
        self.loop = loop
        self.say = say
    }

    /// Says `message` about `path` after the grace, if `isStillUnreadable` then agrees and the
    /// same was not said already.
    func warnLater(_ path: String, _ message: String, isStillUnreadable: @escaping () -> Bool) {
        guard said[path] != message else { return }
        if let waiting = pending[path] {
            pending[path] = (waiting.timer, message)
            return
        }
        guard let timer = try? loop.makeTimer(handler: { [unowned self] in
            guard let waiting = self.pending.removeValue(forKey: path) else { return }
            waiting.timer.cancel()
            guard isStillUnreadable(), self.said[path] != waiting.message else { return }
            self.said[path] = waiting.message
            self.say(waiting.message)
        }) else {
            // No timer to wait with: say it now rather than never.
            said[path] = message
            say(message)
            return
        }
        pending[path] = (timer, message)
        timer.schedule(after: Self.udevGrace)
    }

    /// The device was opened or went away: nothing pending is said, and a later lack of
    /// permission is said again.
    func forget(_ path: String) {
        pending.removeValue(forKey: path)?.timer.cancel()
        said[path] = nil
    }

    func forgetAll() {
        for path in Array(pending.keys) + Array(said.keys) { forget(path) }
    }
}
