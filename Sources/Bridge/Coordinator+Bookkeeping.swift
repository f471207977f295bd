import Core
import DBus
import MPRIS

extension Coordinator {
    /// How many entries each table keyed by app or player holds. Once every app has left, each
    /// is 0: nothing is kept for an app that is gone (`make soak` watches this while players
    /// come and go by the thousand).
    var bookkeeping: [String: Int] {
        [
            "apps": router.registry.appCount,
            "tracked players": tracker.bookkeeping,
            "seeks": delivery.bookkeeping,
            "failures told": failures.count,
            "call lines": calls.busyDestinations,
            "pending pushes": pendingPushes.count,
            "answers awaited": answers.bookkeeping,
            "player sounds": audio.bookkeeping,
        ]
    }
}
