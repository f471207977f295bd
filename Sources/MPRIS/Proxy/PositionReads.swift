import DBusTypes

/// The proxy's reads of `Position` in flight: one a player, whoever asks, so a status bar
/// polling `GetAll` costs the player one call in flight. A read answers only those who asked
/// it of that player, never those who ask of the next. No I/O: the proxy makes the read this
/// says to make, and hands its answer to those who waited.
struct PositionReads {
    typealias Waiter = (Value?) -> Void

    private var waiting: [BusName: [Waiter]] = [:]

    /// The players whose position is being read, for leak checks.
    var count: Int { waiting.count }

    /// `waiter` waits for a read of `player`'s position: true when none was under way, and the
    /// read is to be made.
    mutating func add(_ waiter: @escaping Waiter, for player: BusName) -> Bool {
        waiting[player, default: []].append(waiter)
        return waiting[player]?.count == 1
    }

    /// The read of `player` is over: those who waited for it, in the order they came. The next
    /// to wait starts a read of its own.
    mutating func finish(_ player: BusName) -> [Waiter] {
        waiting.removeValue(forKey: player) ?? []
    }
}
