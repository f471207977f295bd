import Core
import DBus
import Loop
import MediaRemoteAPI
import SystemFiles

extension RulesShell {
    /// Before the service stops (SIGTERM), once the devices are closed (which ends the seeks
    /// their keys held): nothing is left half-done. Every other seek in progress ends and a
    /// shake in progress is cancelled, each delivered where its beginning went. Waits for those
    /// deliveries, each at most `timeout` (a player that does not answer is not waited for).
    func finishBeforeStopping(timeout: Duration) {
        // A launch to resume waits for nobody now: its play ends, told to whoever sent it.
        if router.dispatcher.resumption.launch != nil {
            Log.info("stopping: the play that launched a player to resume ends without it")
            endLaunch(.launchedPlayerDidNotCome)
        }
        waitForDispatches(timeout)
        for event in router.dispatcher.endingsBeforeStopping(at: router.now) {
            Log.info("stopping: delivering \(RulesShell.describe(event)) to where it began")
            dispatch(event)
        }
        waitForDispatches(timeout)
    }

    private func waitForDispatches(_ timeout: Duration) {
        guard router.dispatchesInFlight > 0 else { return }
        if !connection.loop.run(until: { self.router.dispatchesInFlight == 0 }, timeout: timeout) {
            Log.warning("stopping without the answers to \(router.dispatchesInFlight) events")
        }
    }
}
