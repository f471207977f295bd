import Core
import DBus
import DBusTypes
import Loop
import MPRIS

/// What the rules know, kept across restarts (``StateStore``): recalled at start for the
/// players still on the bus, then written as it changes.
extension Coordinator {
    /// Reads what the service before this one on this bus left in `folder`, and recalls it while
    /// the tracker finds the players (call before it starts). Without a folder or the bus's id,
    /// the service runs as it did before it kept anything, and says so.
    func startRemembering(in folder: String?) {
        guard let folder else {
            Log.warning("neither STATE_DIRECTORY, XDG_STATE_HOME nor HOME is set: who was Now Playing is not kept across restarts")
            return
        }
        let busID: String
        do throws(DBusError) {
            busID = try connection.busID()
        } catch {
            Log.warning("the bus does not tell its id (\(error.clause)): who was Now Playing is not kept across restarts")
            return
        }
        let store = StateStore(folder: folder, busID: busID, loop: connection.loop)
        state = store
        guard let saved = store.load() else { return }
        change { $0.registry.recall(saved.memory, savedAt: saved.savedAt) }
        tracker.onSettled = { [unowned self] in self.endRecall(of: saved) }
        // However the players answer, the recall ends: a player that never does is left out.
        do throws(LoopError) {
            recallDeadline = try connection.loop.schedule(after: Self.longestRecall) { [unowned self] in
                guard self.router.registry.isRecalling else { return }
                Log.warning("not every player on the bus was read within \(Self.longestRecall): recalled without the rest")
                self.endRecall(of: saved)
            }
        } catch {
            Log.warning("cannot bound the recall (\(error)); it ends when every player on the bus has been read")
        }
    }

    /// The longest the players found at start may take to be read (a `GetAll` and its retry
    /// take at most about 4 s).
    static let longestRecall = Duration.seconds(15)

    /// Every player on the bus at start has been found: what was recalled is told, the rest
    /// forgotten, and from now on the memory is written as it changes.
    private func endRecall(of saved: SavedState) {
        recallDeadline?.cancel()
        recallDeadline = nil
        guard router.registry.isRecalling else { return }
        change { $0.registry.endRecall() }
        let now = router.now
        let registry = router.registry
        let recalled = saved.memory.players.filter { registry.player(of: $0.app)?.busName == $0.busName }.map(\.busName.rawValue)
        let nowPlaying = registry.nowPlaying(at: now).map { app in
            "; Now Playing: \(registry.player(of: app)?.busName ?? app.busName) (\(registry.whyNowPlaying(at: now) ?? ""))"
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
