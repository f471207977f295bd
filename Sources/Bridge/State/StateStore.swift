import Config
import Core
import Loop
import SystemFiles
import Time

#if canImport(Glibc)
import Glibc
#endif

/// Keeps the rules' memory across restarts of the service (a `systemctl --user restart`, a
/// crash restarted by systemd, a login where the players outlive the service): read once at
/// start for this bus, written when it changes, in a file of its own bus (``StateFiles``).
///
/// Not more than needed: a write only when what is remembered changed (a player started or
/// stopped playing, came or went, a pin was set or ended; never for metadata, volume, position
/// or an event that changed nothing), at most one a second (a burst of changes is written
/// once, at the end of its second), and one when the service stops. Each write replaces the
/// file whole (``TextFile/replace(_:with:)``), so a kill at any moment leaves the last good
/// state. A file that cannot be read or written is said once in the log; the service runs on
/// without it.
final class StateStore {
    /// Where the files are: `$STATE_DIRECTORY` (the unit's, or systemd's `StateDirectory=`),
    /// else `$XDG_STATE_HOME/mediaremote`, else `~/.local/state/mediaremote`; nil with none of
    /// them. Each bus has its own file there (``StateFiles``).
    static func defaultFolder(environment: (String) -> String? = Environment.value) -> String? {
        // systemd lists every directory of StateDirectory=, separated by colons: the unit has one.
        if let directory = environment("STATE_DIRECTORY")?.split(separator: ":").first, directory.hasPrefix("/") {
            return String(directory)
        }
        if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") { return state + "/mediaremote" }
        if let home = environment("HOME"), home.hasPrefix("/") { return home + "/.local/state/mediaremote" }
        return nil
    }

    /// The least time between two writes.
    static let leastGap = Duration.seconds(1)

    let folder: String
    /// This bus's file.
    let path: String
    private let busID: String
    private let loop: EventLoop
    /// What the file holds, as far as this service knows.
    private var written: RulesMemory?
    private var pending: RulesMemory?
    private var lastWrite: MonotonicInstant?
    private var timer: Timer?
    /// The failure the log told of, so that a file that stays unwritable is said once.
    private var failure: String?
    /// The file of a version before per-bus files, recalled as this bus's: removed once this
    /// bus's own is written.
    private var legacyToRemove: String?
    /// This bus's lock, held while the service runs, so another bus's service never prunes this
    /// bus's file (``StateFiles``); taken at the start, or at the first write when the folder
    /// was not there yet.
    private var lock: Int32?
    /// How many times the file was written, for tests and `status`.
    private(set) var writes = 0

    init(folder: String, busID: String, loop: EventLoop) {
        (self.folder, self.busID, self.loop) = (folder, busID, loop)
        path = folder + "/" + StateFiles.name(of: busID)
    }

    deinit {
        if let lock { close(lock) }
    }

    /// What the service before this one on this bus left, if anything. The files of buses gone
    /// (written before this boot) and all but the newest of other buses' are removed first.
    /// Nothing of another bus is recalled; an unreadable file is said once and ignored (the
    /// next write replaces it).
    func load() -> SavedState? {
        let entries = StateFiles.list(folder)
        let stale = StateFiles.toRemove(entries, keeping: busID, bootedAt: StateFiles.bootedAt()) { [folder] in
            StateFiles.isHeld($0, in: folder)
        }
        // Each bus file with its lock, holding that lock meanwhile (a lock taken since the list
        // was read keeps its file); a lock file alone the same way; the legacy file as it is.
        let removed = stale.filter { name in
            if name.hasSuffix(".lock") { return StateFiles.remove(String(name.dropLast(".lock".count)), andFile: false, in: folder) }
            if StateFiles.isBusFile(name) { return StateFiles.remove(name, andFile: true, in: folder) }
            return unlink(folder + "/" + name) == 0
        }
        lock = StateFiles.holdLock(of: StateFiles.name(of: busID), in: folder)
        let states = removed.filter { !$0.hasSuffix(".lock") }
        if !states.isEmpty { Log.debug("removed \(states.count) saved states of other session buses, gone or old: \(states.joined(separator: ", "))") }
        switch read(path) {
        case .recalled(let saved): return saved
        case .notRecalled: return nil
        case .missing: break
        }
        // A version before per-bus files, restarted after an upgrade: its one file may be this bus's.
        let legacy = folder + "/" + StateFiles.legacyName
        if !removed.contains(StateFiles.legacyName), case .recalled(let saved) = read(legacy, legacy: true) {
            legacyToRemove = legacy
            return saved
        }
        let others = entries.count { StateFiles.isBusFile($0.name) && $0.name != StateFiles.name(of: busID) && !removed.contains($0.name) }
        Log.info(
            "nothing saved for this session bus (\(busID)) in \(folder): a new bus, of a new login or a bus of its own "
                + "(dbus-run-session); starting afresh" + (others > 0 ? " (\(others) other bus\(others == 1 ? "'s saved state is" : "es' saved states are") left alone)" : ""))
        return nil
    }

    private enum Reading {
        case recalled(SavedState)
        /// No file: nothing was saved for this bus.
        case missing
        /// A file that cannot be read, or is not this bus's: said in the log.
        case notRecalled
    }

    /// The state at `file`, if it is this bus's; said in the log when it is not recalled, and
    /// why. The legacy file (every bus's, before per-bus files) is silently not recalled when it
    /// is another bus's: it is that bus's, not a mistake.
    private func read(_ file: String, legacy: Bool = false) -> Reading {
        let text: String
        switch TextFile.read(file, limit: 1 << 20) {
        case .failure(let failure) where failure.isMissing:
            return .missing
        case .failure(let failure):
            Log.warning("cannot read the saved state \(file) (\(failure)); starting afresh")
            return .notRecalled
        case .success(let contents):
            text = contents
        }
        let saved: SavedState
        do throws(SavedState.Unreadable) {
            saved = try SavedState(text: text)
        } catch {
            Log.warning("the saved state \(file) is unreadable (\(error)); starting afresh, and it is replaced at the next save")
            return .notRecalled
        }
        guard saved.busID == busID else {
            if legacy { return .missing }
            Log.info("the saved state \(file) names another bus (\(saved.busID)), not this one (\(busID)): not recalled")
            return .notRecalled
        }
        written = legacy ? nil : saved.memory
        return .recalled(saved)
    }

    /// The rules' memory now: written if it changed, at once, or at the end of the second after
    /// the last write.
    func remember(_ memory: RulesMemory) {
        guard memory != written else {
            pending = nil
            return
        }
        pending = memory
        if let lastWrite, MonotonicClock.now.duration(since: lastWrite) < Self.leastGap {
            guard timer?.isArmed != true else { return }
            if timer == nil {
                do throws(LoopError) {
                    timer = try loop.makeTimer { [unowned self] in self.writePending() }
                } catch {
                    // Without a timer, write now: more writes, nothing lost.
                    Log.warning("cannot make the state file's timer (\(error)); writing at once")
                    return writePending()
                }
            }
            timer?.schedule(after: Self.leastGap - MonotonicClock.now.duration(since: lastWrite))
            return
        }
        writePending()
    }

    /// The service stops: `memory` is written now, so the file says when the service stopped.
    func stop(_ memory: RulesMemory) {
        timer?.cancel()
        timer = nil
        pending = memory
        writePending()
    }

    private func writePending() {
        guard let memory = pending else { return }
        pending = nil
        let now = MonotonicClock.now
        lastWrite = now
        do throws(TextFile.WriteFailure) {
            try TextFile.replace(path, with: SavedState(busID: busID, savedAt: now, memory: memory).text)
        } catch {
            if failure == nil {
                Log.warning("cannot save the state in \(path) (\(error)); the service runs on, but a restart will forget who was Now Playing")
            }
            failure = error.description
            return
        }
        writes += 1
        written = memory
        if lock == nil { lock = StateFiles.holdLock(of: StateFiles.name(of: busID), in: folder) }
        if let legacy = legacyToRemove {
            unlink(legacy)
            legacyToRemove = nil
        }
        if failure != nil {
            Log.info("saved the state in \(path) again")
            failure = nil
        }
    }
}
