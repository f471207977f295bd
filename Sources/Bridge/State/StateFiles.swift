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
/// written before this boot are removed, and of the rest only the newest few are kept (a
/// person who starts a private bus again and again leaves one file each).
enum StateFiles {
    /// The name of a bus's file in the folder.
    static func name(of busID: String) -> String { "state-\(busID)" }

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
    /// `keeping`'s, written before `bootedAt` (seconds since the epoch, less ``bootSlack``),
    /// and of the others all but the ``otherBusesKept`` newest. Files that are not state files
    /// (the write's `.tmp`, anything a person put there) are left alone. Pure.
    static func toRemove(_ entries: [Entry], keeping busID: String, bootedAt: Int) -> [String] {
        let others = entries.filter { entry in
            entry.name != name(of: busID) && (entry.name == legacyName || isBusFile(entry.name))
        }
        let (old, thisBoot) = (others.filter { $0.modified < bootedAt - bootSlack }, others.filter { $0.modified >= bootedAt - bootSlack })
        let surplus = thisBoot.sorted { ($0.modified, $0.name) > ($1.modified, $1.name) }.dropFirst(otherBusesKept)
        return (old + surplus).map(\.name).sorted()
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
