import Audio

/// Each process's parent, read from /proc once: every change of the audio server matches every
/// stream again, walking each one's process up to its player, and a stream's process keeps its
/// parent while it plays. Forgotten whole past a few hundred processes, so a parent that changed
/// (its own parent gone) or a number used again is read afresh before long.
struct ProcessParents {
    private var known: [Int32: Int32?] = [:]
    private static let most = 512

    mutating func parent(of pid: Int32) -> Int32? {
        if let parent = known[pid] { return parent }
        if known.count >= Self.most { known = [:] }
        let parent = ProcessTree.parent(of: pid)
        known[pid] = .some(parent)
        return parent
    }
}
