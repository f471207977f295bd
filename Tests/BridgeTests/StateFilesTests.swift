import Core
import Foundation
import Loop
import Testing

@testable import Bridge

#if canImport(Glibc)
import Glibc
#endif

/// Which state files of other buses go: those written before this boot, and all but the newest
/// few of the rest; this bus's file and anything that is not a state file stay.
@Suite("The state files of other buses, pruned")
struct StateFilesTests {
    static let booted = 1_000_000
    static let mine = "0123456789abcdef0123456789abcdef"

    static func entry(_ name: String, _ modified: Int) -> StateFiles.Entry { .init(name: name, modified: modified) }

    /// A state folder of the test's own, to remove when done.
    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediaremote-state-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("written before this boot: removed, the legacy file too; this bus's file and other files never")
    func beforeBoot() {
        let entries = [
            Self.entry("state-\(Self.mine)", 10), Self.entry("state-aaaa", 10), Self.entry("state", 10),
            Self.entry("state-bbbb", Self.booted + 5), Self.entry("state-aaaa.tmp", 10), Self.entry("notes.txt", 10),
            Self.entry("state-not-hex", 10),
        ]
        #expect(StateFiles.toRemove(entries, keeping: Self.mine, bootedAt: Self.booted) == ["state", "state-aaaa"])
    }

    @Test("a file of the boot's first seconds is not taken for the boot before's")
    func slack() {
        let entries = [Self.entry("state-aaaa", Self.booted - StateFiles.bootSlack + 1)]
        #expect(StateFiles.toRemove(entries, keeping: Self.mine, bootedAt: Self.booted).isEmpty)
    }

    @Test("of this boot's other buses, the newest are kept")
    func newestKept() {
        let count = StateFiles.otherBusesKept + 3
        let entries = (0..<count).map { Self.entry("state-\(String($0, radix: 16))f", Self.booted + $0) }
        #expect(StateFiles.toRemove(entries, keeping: Self.mine, bootedAt: Self.booted) == ["state-0f", "state-1f", "state-2f"])
    }

    @Test("a bus whose service runs (its lock held) keeps its file and lock, however many came since and whatever the clock says; of the others the newest are kept, a free lock or none")
    func liveness() {
        let running = Self.entry("state-aaaa", Self.booted + 1)
        let newer = (0..<StateFiles.otherBusesKept + 2).map { Self.entry("state-b\(String($0, radix: 16))", Self.booted + 10 + $0) }
        let locks = [
            Self.entry("state-aaaa.lock", 5), Self.entry("state-b0.lock", 5), Self.entry("state-b9.lock", 5), Self.entry("state-dddd.lock", 5),
            // A service that has written nothing yet; and this bus's own lock.
            Self.entry("state-eeee.lock", 5), Self.entry("state-\(Self.mine).lock", 5),
        ]
        // Written "before the boot" by the clock, but its service runs.
        let stepped = Self.entry("state-ffff", 10)
        let held: (String) -> Bool? = {
            ["state-aaaa": true, "state-b0": false, "state-b9": false, "state-dddd": false, "state-eeee": true, "state-ffff": true][$0]
        }
        #expect(StateFiles.toRemove([running, stepped] + newer + locks, keeping: Self.mine, bootedAt: Self.booted, held: held)
                == ["state-b0", "state-b1", "state-b0.lock", "state-dddd.lock"])
    }

    /// The README's promise: a dbus-run-session or `make run` never erases the session's state.
    @Test("for real: the file of a bus whose service runs outlives more private buses than are kept")
    func livenessOnDisk() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let loop = try EventLoop()
        let session = StateStore(folder: folder, busID: "aaaa", loop: loop)
        _ = session.load()
        session.stop(RulesMemory(players: [], pin: nil))
        // Written before every private bus below.
        var old = [timeval(tv_sec: time(nil) - 30, tv_usec: 0), timeval(tv_sec: time(nil) - 30, tv_usec: 0)]
        #expect(utimes(folder + "/state-aaaa", &old) == 0)
        for index in 0..<StateFiles.otherBusesKept + 6 {
            let store = StateStore(folder: folder, busID: "b\(index)", loop: loop)
            _ = store.load()
            store.stop(RulesMemory(players: [], pin: nil))
        }
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        #expect(names.isSuperset(of: ["state-aaaa", "state-aaaa.lock"]), "\(names.sorted())")
        // The session's, the last private bus's (pruning comes before a bus's own write) and
        // the newest of the rest: 10 of 15. One more at most: a child another test spawns in
        // this process holds a copy of every descriptor until it executes, a just-released lock
        // with them, and a start then leaves that bus's file.
        #expect(names.count { StateFiles.isBusFile($0) } <= StateFiles.otherBusesKept + 3, "\(names.sorted())")
        #expect(StateFiles.isHeld("state-aaaa", in: folder) == true)
        // Without the lock, the session's file, the oldest, is the first to go.
        withExtendedLifetime(session) {}
        let unlocked = StateFiles.toRemove(StateFiles.list(folder), keeping: "ffff", bootedAt: StateFiles.bootedAt())
        #expect(unlocked.contains("state-aaaa"), "\(unlocked)")
    }

    @Test("a file is removed holding its lock: not while its service holds it; with its lock file once free")
    func removeHoldingTheLock() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "x".write(toFile: folder + "/state-aaaa", atomically: false, encoding: .utf8)
        let lock = try #require(StateFiles.holdLock(of: "state-aaaa", in: folder))
        #expect(!StateFiles.remove("state-aaaa", andFile: true, in: folder))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder)) == ["state-aaaa", "state-aaaa.lock"])
        close(lock)
        // Free once no child another test spawns holds a copy of it (until that child executes).
        var removed = false
        for _ in 0..<100 where !removed {
            removed = StateFiles.remove("state-aaaa", andFile: true, in: folder)
            if !removed { usleep(10_000) }
        }
        #expect(removed)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test("a bus's file is named by its id", arguments: [("state-3f1c", true), ("state-", false), ("state", false), ("state-3f1c.tmp", false)])
    func names(_ name: String, _ isBusFile: Bool) {
        #expect(StateFiles.isBusFile(name) == isBusFile)
    }
}
