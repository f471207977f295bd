import SystemFiles

#if canImport(Glibc)
import Glibc
#endif

/// The state files in the state folder, one per session bus: `state-BUSID`. Each service keeps
/// its own bus's memory and never writes another's, so a second mediaremoted (a
/// `dbus-run-session`, `make run` over ssh, an instance activated on another bus) cannot erase
/// what the session's own service will need after a crash.
///
/// A bus's file is of use only while that bus runs, and a bus ends with its boot: the files
/// written before this boot are removed. Of the rest, a bus whose service runs keeps its file,
/// whatever else comes and goes: each service holds a lock on its bus's lock file
/// (`state-BUSID.lock`) while it runs, and a file whose lock is held is never pruned. Of the
/// others only the newest few are kept (a person who starts a private bus again and again
/// leaves one file each). A free lock does not mean the bus is gone: its service may be between
/// a crash and systemd's restart, or stopped for a while, and then its file is what it needs.
enum StateFiles {
    /// The name of a bus's file in the folder.
    static func name(of busID: String) -> String { "state-\(busID)" }

    /// The lock file a running service holds for a bus's file named `file`.
    static func lockName(of file: String) -> String { file + ".lock" }

    /// Whether a service holds the lock of the bus file named `file`, in `folder`: false when
    /// the lock file is there and free; nil when there is none (a version that took none) or it
    /// cannot be asked, so the count rule decides, as before locks. Opened for writing: where
    /// `flock` is emulated with POSIX locks (NFS), an exclusive one needs it.
    static func isHeld(_ file: String, in folder: String) -> Bool? {
        let descriptor = open(folder + "/" + lockName(of: file), O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return errno == EWOULDBLOCK ? true : nil }
        flock(descriptor, LOCK_UN)
        return false
    }

    /// Removes the bus file named `file` (with `andFile`; else its lock file alone) and its lock
    /// file, holding that lock meanwhile: a service of that bus starting at this moment either
    /// finds the lock taken for an instant (and tries again, ``holdLock(of:in:)``) or took it
    /// first, and then nothing is removed. False when its lock is held.
    @discardableResult
    static func remove(_ file: String, andFile: Bool, in folder: String) -> Bool {
        let lock = folder + "/" + lockName(of: file)
        let descriptor = open(lock, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else {
            if andFile { unlink(folder + "/" + file) }
            return true
        }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
        if andFile { unlink(folder + "/" + file) }
        unlink(lock)
        return true
    }

    /// Takes and holds this bus's lock (see above), creating its file: the descriptor, to keep
    /// open while the service runs; nil when it cannot be had (no folder yet: taken at the first
    /// write then; or held by another process past a few tries), and then nothing is lost but
    /// the protection. A lock file a start removed just as this one locked it is left for a
    /// new one: the lock must be on the file in the folder.
    static func holdLock(of file: String, in folder: String) -> Int32? {
        let path = folder + "/" + lockName(of: file)
        for attempt in 0..<5 {
            // Held an instant by a start that prunes (remove above): tried again.
            if attempt > 0 { usleep(10_000) }
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return nil }
            var locked = stat()
            var there = stat()
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0, fstat(descriptor, &locked) == 0, stat(path, &there) == 0,
                locked.st_dev == there.st_dev, locked.st_ino == there.st_ino
            {
                return descriptor
            }
            close(descriptor)
        }
        return nil
    }

    /// The file versions before 2 wrote, one for every bus: read once if it is this bus's (the
    /// service was upgraded and restarted), and pruned like the others.
    static let legacyName = "state"

    /// How many other buses' files are kept (the newest): more than a person runs at once.
    static let otherBusesKept = 8

    /// A file's clock may be a little off the boot's moment as computed: a file written in the
    /// first seconds of the boot is not taken for one of the boot before.
    static let bootSlack: Int = 60

    /// A file of the folder: its name, and when it was last written (seconds since the epoch).
    struct Entry: Equatable {
        let name: String
        let modified: Int
    }

    /// Which of `entries` to remove: every state file (a bus's, or the legacy one) but
    /// `keeping`'s and those whose lock is held (`held` true): those written before `bootedAt`
    /// (seconds since the epoch, less ``bootSlack``), and of the rest all but the
    /// ``otherBusesKept`` newest; and the lock files of the bus files removed, or of none, when
    /// free. Files that are not state files (the write's `.tmp`, anything a person put there) are
    /// left alone. Pure but for `held`.
    static func toRemove(_ entries: [Entry], keeping busID: String, bootedAt: Int, held: (String) -> Bool? = { _ in nil }) -> [String] {
        let mine = name(of: busID)
        // Each bus asked once (a lock is a system call or two), for its file and its lock file.
        var answers: [String: Bool?] = [:]
        func isHeld(_ file: String) -> Bool {
            if let known = answers[file] { return known == true }
            let answer = held(file)
            answers[file] = answer
            return answer == true
        }
        let others = entries.filter { entry in
            entry.name != mine && (entry.name == legacyName || isBusFile(entry.name))
        }
        // A held lock outranks the clock: a running service's file is never removed, even one
        // that looks older than the boot (a clock set forward after it was written).
        let unheld = others.filter { $0.name == legacyName || !isHeld($0.name) }
        let (old, thisBoot) = (unheld.filter { $0.modified < bootedAt - bootSlack }, unheld.filter { $0.modified >= bootedAt - bootSlack })
        let surplus = thisBoot.sorted { ($0.modified, $0.name) > ($1.modified, $1.name) }.dropFirst(otherBusesKept)
        let removed = (old + surplus).map(\.name)
        let files = Set(entries.map(\.name))
        let locks = files.filter { lock in
            guard lock.hasSuffix(".lock"), lock != lockName(of: mine) else { return false }
            let file = String(lock.dropLast(".lock".count))
            return isBusFile(file) && (removed.contains(file) || !files.contains(file)) && !isHeld(file)
        }
        return removed.sorted() + locks.sorted()
    }

    /// `state-` and a bus id (hexadecimal), as ``name(of:)`` makes.
    static func isBusFile(_ name: String) -> Bool {
        guard name.hasPrefix("state-") else { return false }
        let id = name.dropFirst("state-".count)
        return !id.isEmpty && id.allSatisfy(\.isHexDigit)
    }

    /// The files in `folder` (an empty list when it cannot be listed: nothing is pruned).
    static func list(_ folder: String) -> [Entry] {
        SmallFile.names(in: folder).compactMap { name in
            var status = stat()
            guard lstat(folder + "/" + name, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            return Entry(name: name, modified: Int(status.st_mtim.tv_sec))
        }
    }

    /// When this boot began, in seconds since the epoch: the wall clock less the time since
    /// boot (CLOCK_BOOTTIME counts suspend too). Read from the clocks, not /proc, which the
    /// unit's sandbox (ProcSubset=pid) hides.
    static func bootedAt() -> Int {
        var wall = timespec()
        var sinceBoot = timespec()
        clock_gettime(CLOCK_REALTIME, &wall)
        clock_gettime(CLOCK_BOOTTIME, &sinceBoot)
        return wall.tv_sec - sinceBoot.tv_sec
    }
}
