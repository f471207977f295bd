import Config
import Core
import Loop
import Time

#if canImport(Glibc)
import Glibc
#endif

/// Keeps the rules' memory across restarts of the service (a `systemctl --user restart`, a
/// crash restarted by systemd, a login where the players outlive the service): read once at
/// start for this bus, written when it changes.
///
/// Not more than needed: a write only when what is remembered changed (a player started or
/// stopped playing, came or went, a pin was set or ended; never for metadata, volume, position
/// or an event that changed nothing), at most one a second (a burst of changes is written
/// once, at the end of its second), and one when the service stops. Each write replaces the
/// file whole (``TextFile/replace(_:with:)``), so a kill at any moment leaves the last good
/// state. A file that cannot be read or written is said once in the log; the service runs on
/// without it.
final class StateStore {
    /// Where the file is: `$STATE_DIRECTORY` (the unit's, or systemd's `StateDirectory=`), else
    /// `$XDG_STATE_HOME/mediaremote`, else `~/.local/state/mediaremote`; nil with none of them.
    static func defaultPath(environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) -> String? {
        // systemd lists every directory of StateDirectory=, separated by colons: the unit has one.
        if let directory = environment("STATE_DIRECTORY")?.split(separator: ":").first, directory.hasPrefix("/") {
            return directory + "/state"
        }
        if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") { return state + "/mediaremote/state" }
        if let home = environment("HOME"), home.hasPrefix("/") { return home + "/.local/state/mediaremote/state" }
        return nil
    }

    /// The least time between two writes.
    static let leastGap = Duration.seconds(1)

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
    /// How many times the file was written, for tests and `status`.
    private(set) var writes = 0

    init(path: String, busID: String, loop: EventLoop) {
        (self.path, self.busID, self.loop) = (path, busID, loop)
    }

    /// What the service before this one on this bus left, if anything: nothing from another bus
    /// (an earlier login, another boot); an unreadable file is said once and ignored (the next
    /// write replaces it).
    func load() -> SavedState? {
        let text: String
        switch TextFile.read(path, limit: 1 << 20) {
        case .failure(let failure) where failure.isMissing:
            return nil
        case .failure(let failure):
            Log.warning("cannot read the saved state \(path) (\(failure)); starting afresh")
            return nil
        case .success(let contents):
            text = contents
        }
        let saved: SavedState
        do throws(SavedState.Unreadable) {
            saved = try SavedState(text: text)
        } catch {
            Log.warning("the saved state \(path) is unreadable (\(error)); starting afresh, and it is replaced at the next save")
            return nil
        }
        guard saved.busID == busID else {
            Log.info("the saved state \(path) is of another session bus (an earlier login): not recalled")
            return nil
        }
        written = saved.memory
        return saved
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
        if failure != nil {
            Log.info("saved the state in \(path) again")
            failure = nil
        }
    }
}
