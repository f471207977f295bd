import Testing

@testable import Bridge

/// Which state files of other buses go: those written before this boot, and all but the newest
/// few of the rest; this bus's file and anything that is not a state file stay.
@Suite("The state files of other buses, pruned")
struct StateFilesTests {
    static let booted = 1_000_000
    static let mine = "0123456789abcdef0123456789abcdef"

    static func entry(_ name: String, _ modified: Int) -> StateFiles.Entry { .init(name: name, modified: modified) }

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

    @Test("a bus's file is named by its id", arguments: [("state-3f1c", true), ("state-", false), ("state", false), ("state-3f1c.tmp", false)])
    func names(_ name: String, _ isBusFile: Bool) {
        #expect(StateFiles.isBusFile(name) == isBusFile)
    }
}
