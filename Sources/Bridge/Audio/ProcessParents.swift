import Audio

/// Each process's parent, read from /proc once while it has a stream: every change of the audio
/// server matches every stream again, walking each one's process up to its player, and a
/// stream's process keeps its parent while it plays. What one matching did not ask for is
/// forgotten after it (``forgetUnused()``), so a process gone and its number used again is read
/// afresh.
struct ProcessParents {
    private var known: [Int32: Int32?] = [:]
    private var used: Set<Int32> = []

    mutating func parent(of pid: Int32) -> Int32? {
        used.insert(pid)
        if let parent = known[pid] { return parent }
        let parent = ProcessTree.parent(of: pid)
        known[pid] = .some(parent)
        return parent
    }

    /// Forgets the processes the last matching did not look at.
    mutating func forgetUnused() {
        known = known.filter { used.contains($0.key) }
        used = []
    }
}
