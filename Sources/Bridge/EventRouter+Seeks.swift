import Core
import DBus
import Loop
import Time

/// A seek begun by a call ends by itself when no end comes (``SeekInProgress/longestWithoutEnd``):
/// a script that lost its key-up does not skip through a playlist.
extension EventRouter {
    /// The ends due of seeks begun by calls, dispatched, and the timer armed for the next.
    func endSeeksDue() {
        for event in changeState({ $0.takeSeekEndsDue(at: now) }) {
            Log.info("\(EventRouter.describe(event)): the seek begun by a call \(SeekInProgress.longestWithoutEnd) ago got no end; ending it")
            dispatch(event)
        }
        seekTimer.arm(at: dispatcher.nextSeekDeadline)
    }
}
