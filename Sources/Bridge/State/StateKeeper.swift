import Core
import DBus
import DBusTypes
import Loop
import SystemFiles
import Time

/// The rules as the state keeper sees them (``StateKeeper``): their state to read, and a change
/// to make to it.
protocol RememberingRules: AnyObject {
    var registry: Registry { get }
    var now: MonotonicInstant { get }
    func changeRegistry(_ body: (inout Registry) -> Void)
    /// The player a play with nobody receiving would launch, and the entries that came back
    /// empty (``Resumption/memory``).
    var resumptionMemory: Resumption.Memory? { get }
    func rememberResumption(_ memory: Resumption.Memory)
}

/// What the rules know, kept across restarts (``StateStore``): recalled at start for the
/// players still on the bus, then written as it changes. It owns the store and the recall's
/// deadline; the rules it sees through ``RememberingRules``.
final class StateKeeper {
    private var store: StateStore?
    /// Ends the recall if the players on the bus at start are slow to be read.
    private var recallDeadline: Timer?
    private var saved: SavedState?
    weak var rules: (any RememberingRules)?
    /// Where the last player is kept, for any bus (``LastPlayerFile``), and what it holds.
    private var lastPlayerPath: String?
    private var lastPlayerWritten: Resumption.Memory?

    /// The longest the players found at start may take to be read (a `GetAll` and its retry
    /// take at most about 4 s).
    static let longestRecall = Duration.seconds(15)

    /// Reads what the service before this one on this bus left in `folder`, and recalls it while
    /// the players are found (call before the tracker starts; ``playersSettled()`` when every
    /// player on the bus has been read). Without a folder or the bus's id, the service runs as it
    /// did before it kept anything, and says so.
    func start(in folder: String?, connection: Connection) {
        guard let folder else {
            Log.warning("neither STATE_DIRECTORY, XDG_STATE_HOME nor HOME is set: who was Now Playing is not kept across restarts")
            return
        }
        recallLastPlayer(from: folder + "/" + LastPlayerFile.name)
        let busID: String
        do throws(DBusError) {
            busID = try connection.busID()
        } catch {
            Log.warning("the bus does not tell its id (\(error.clause)): who was Now Playing is not kept across restarts")
            return
        }
        let store = StateStore(folder: folder, busID: busID, loop: connection.loop)
        self.store = store
        guard let saved = store.load() else { return }
        self.saved = saved
        rules?.changeRegistry { $0.recall(saved.memory, savedAt: saved.savedAt) }
        // However the players answer, the recall ends: a player that never does is left out.
        do throws(LoopError) {
            recallDeadline = try connection.loop.schedule(after: Self.longestRecall) { [weak self] in
                guard let self, self.rules?.registry.isRecalling == true else { return }
                Log.warning("not every player on the bus was read within \(Self.longestRecall): recalled without the rest")
                self.endRecall()
            }
        } catch {
            Log.warning("cannot bound the recall (\(error)); it ends when every player on the bus has been read")
        }
    }

    /// Every player on the bus at start has been read.
    func playersSettled() {
        endRecall()
    }

    /// What was recalled is told, the rest forgotten, and from now on the memory is written as
    /// it changes.
    private func endRecall() {
        recallDeadline?.cancel()
        recallDeadline = nil
        guard let rules, let saved, rules.registry.isRecalling else { return }
        self.saved = nil
        rules.changeRegistry { $0.endRecall() }
        let now = rules.now
        let registry = rules.registry
        let recalled = saved.memory.players.filter { registry.player(of: $0.app)?.busName == $0.busName }.map(\.busName.rawValue)
        let nowPlaying = registry.nowPlaying(at: now).map { app in
            "; Now Playing: \(registry.player(of: app)?.busName ?? app.busName) (\(registry.whyNowPlaying(at: now) ?? ""))"
        }
        Log.info(
            "recalled what the service before knew of \(recalled.count) of its \(saved.memory.players.count) players"
                + (recalled.isEmpty ? "" : " (\(recalled.joined(separator: ", ")))") + (nowPlaying ?? ""))
    }

    /// Keeps the memory up to date (as each change is published): not while it is being
    /// recalled, when the rules know less than the file. The last player is written when it
    /// changes, which is when Now Playing goes to another player or a launched one came back
    /// empty.
    func remember() {
        if let path = lastPlayerPath, let last = rules?.resumptionMemory, last != lastPlayerWritten {
            lastPlayerWritten = last
            do throws(TextFile.WriteFailure) {
                try TextFile.replace(path, with: LastPlayerFile.text(of: last))
            } catch {
                Log.warning("cannot keep the last player in \(path) (\(error)): a play after a restart resumes nothing")
            }
        }
        guard let registry = rules?.registry, !registry.isRecalling else { return }
        store?.remember(registry.memory)
    }

    /// The last player an earlier service kept, on any bus, remembered for a play to resume.
    private func recallLastPlayer(from path: String) {
        lastPlayerPath = path
        switch TextFile.read(path, limit: 4096) {
        case .failure(let failure) where failure.isMissing:
            return
        case .failure(let failure):
            Log.warning("cannot read the last player from \(path) (\(failure)): a play with no player on the bus resumes nothing until one plays")
        case .success(let text):
            switch LastPlayerFile.memory(in: text) {
            case .success(let memory):
                lastPlayerWritten = memory
                rules?.rememberResumption(memory)
                Log.debug("the last player, which a play with no player on the bus launches: \(memory.last.name)")
            case .failure(let why):
                Log.warning("\(path) is not a last player this service can read (\(why)); it is replaced when a player is Now Playing")
            }
        }
    }

    /// The service stops: the memory written as it is now.
    func saveBeforeStopping() {
        guard let registry = rules?.registry, !registry.isRecalling else { return }
        store?.stop(registry.memory)
    }
}
