import Core
import DBus
import DBusTypes
import MPRIS

/// What the rules know, kept across restarts (``StateStore``): recalled at start for the
/// players still on the bus, then written as it changes.
extension Coordinator {
    /// Reads what the service before this one on this bus left at `path`, and recalls it while
    /// the tracker finds the players (call before it starts). Without a path or the bus's id,
    /// the service runs as it did before it kept anything, and says so.
    func startRemembering(at path: String?) {
        guard let path else {
            Log.warning("neither STATE_DIRECTORY, XDG_STATE_HOME nor HOME is set: who was Now Playing is not kept across restarts")
            return
        }
        let busID: String
        do throws(DBusError) {
            busID = try connection.busID()
        } catch {
            Log.warning("the bus does not tell its id (\(error.message)): who was Now Playing is not kept across restarts")
            return
        }
        let store = StateStore(path: path, busID: busID, loop: connection.loop)
        state = store
        guard let saved = store.load() else { return }
        router.changeState { $0.registry.recall(saved.memory, savedAt: saved.savedAt) }
        tracker.onSettled = { [unowned self] in self.endRecall(of: saved) }
    }

    /// Every player on the bus at start has been found: what was recalled is told, the rest
    /// forgotten, and from now on the memory is written as it changes.
    private func endRecall(of saved: SavedState) {
        router.changeState { $0.registry.endRecall() }
        let now = router.now
        let registry = router.registry
        let recalled = saved.memory.players.filter { registry.player(of: $0.app)?.busName == $0.busName }.map(\.busName)
        let nowPlaying = registry.nowPlaying(at: now).map { app in
            "; Now Playing: \(registry.player(of: app)?.busName ?? app.rawValue) (\(registry.whyNowPlaying(at: now) ?? ""))"
        }
        Log.info(
            "recalled what the service before knew of \(recalled.count) of its \(saved.memory.players.count) players"
                + (recalled.isEmpty ? "" : " (\(recalled.joined(separator: ", ")))") + (nowPlaying ?? ""))
    }

    /// Keeps the memory up to date (from ``publishChanges()``): not while it is being recalled,
    /// when the rules know less than the file.
    func rememberState() {
        guard !router.registry.isRecalling else { return }
        state?.remember(router.registry.memory)
    }

    /// The service stops: the memory written as it is now.
    func saveStateBeforeStopping() {
        guard !router.registry.isRecalling else { return }
        state?.stop(router.registry.memory)
    }
}
