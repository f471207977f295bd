import Time

/// A person's choice of Now Playing (`Shift`, `Unshift`, playerctld's names).
extension Registry {
    /// Moves Now Playing `offset` places along ``playersInLine(at:)`` (1: `Shift`, -1:
    /// `Unshift`), around at the ends, and keeps it there until another player starts to play.
    /// Nil, changing nothing, when no receiving app has a player.
    public mutating func shift(by offset: Int, at now: MonotonicInstant) -> AppID? {
        let line = playersInLine(at: now)
        guard !line.isEmpty else { return nil }
        let current = nowPlaying(at: now).flatMap { line.firstIndex(of: $0) }
        // From nobody in line, Shift takes the first and Unshift the last.
        let from = current ?? (offset > 0 ? line.count - 1 : 0)
        let count = line.count
        let chosen = line[((from + offset) % count + count) % count]
        pin = NowPlayingPin(app: chosen, reason: .chosen)
        // And over a pin still to be recalled.
        recall?.pin = nil
        // The choice is the latest word: a pause still on its way cannot pin its player over it.
        pauseRequest = nil
        return chosen
    }
}
