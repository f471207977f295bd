import Core
import DBus
import Loop
import Time

/// A seek begun by a call ends by itself when no end comes (``SeekInProgress/longestWithoutEnd``):
/// a script that lost its key-up does not skip through a playlist.
extension EventRouter {
    /// Arms the timer for the next seek a call began to end by itself, or disarms it.
    func armSeekTimer() {
        guard let deadline = dispatcher.nextSeekDeadline else {
            seekTimer?.disarm()
            return
        }
        if seekTimer == nil {
            do throws(LoopError) {
                seekTimer = try connection.loop.makeTimer { [unowned self] in self.endSeeksDue() }
            } catch {
                Log.warning("cannot make the timer that ends seeks begun by a call (\(error)); such a seek lasts until its end is sent")
                return
            }
        }
        seekTimer?.schedule(after: deadline.duration(since: now))
    }

    private func endSeeksDue() {
        for event in changeState({ $0.takeSeekEndsDue(at: now) }) {
            Log.info("\(EventRouter.describe(event)): the seek begun by a call \(SeekInProgress.longestWithoutEnd) ago got no end; ending it")
            dispatch(event)
        }
        armSeekTimer()
    }
}
