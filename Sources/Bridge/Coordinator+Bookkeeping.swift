import Core
import DBus
import MPRIS

extension Coordinator {
    /// How many entries each table keyed by app or player holds. Once every app has left, each
    /// is 0: nothing is kept for an app that is gone (`make soak` watches this while players
    /// come and go by the thousand).
    var bookkeeping: [String: Int] {
        rules.bookkeeping.merging([
            "tracked players": tracker.bookkeeping,
            "pending pushes": pendingPushes.count,
            "player sounds": audio.bookkeeping,
        ]) { $1 }
    }
}
