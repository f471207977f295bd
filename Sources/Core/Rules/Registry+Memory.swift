import Time

/// Rule 2 across a restart of the service: what the rules knew (``RulesMemory``) taken, and
/// recalled for the players found on the bus again.
extension Registry {
    /// What the rules know of the players and the pin now.
    public var memory: RulesMemory {
        RulesMemory(
            players: apps.compactMap { app, record in
                record.player.map {
                    RulesMemory.PlayerHistory(
                        app: app, busName: $0.busName, status: $0.status, arrivedAt: record.arrivedAt,
                        lastStartedPlaying: record.lastStartedPlaying, lastPlayed: record.lastPlayed,
                        stoppedAfterPlaying: record.stoppedAfterPlaying)
                }
            },
            pin: pin)
    }

    /// Starts recalling `memory`, taken at `savedAt` by a service before this one, on this bus
    /// (so on this boot's clock): each player found on the bus (``PlayerArrival/found``) that is
    /// the same player on the same connection gets its history back. What it does now tells
    /// what it did meanwhile: one playing now that was not then started to play while no
    /// MediaRemote watched (just after `savedAt`, as far as anyone can tell: after every start
    /// remembered), and ends the pin as any start does; one that was playing and is not now
    /// stopped playing then. A player found that the memory does not know came since, and if it
    /// plays, it started since; one stopped between tracks then and playing now goes on playing.
    /// The pin comes back with its player, unless a start or a newer pin (a pause, a person's
    /// choice) came first. Until ``endRecall()``.
    public mutating func recall(_ memory: RulesMemory, savedAt: MonotonicInstant) {
        recall = Recall(
            players: Dictionary(memory.players.map { ($0.app, $0) }) { first, _ in first }, pin: memory.pin, savedAt: savedAt)
    }

    /// Every player on the bus when the service started has been found: what was not recalled
    /// is forgotten (its player is gone), and a player found from now on is found as always.
    public mutating func endRecall() {
        recall = nil
    }

    /// Whether a memory is being recalled.
    public var isRecalling: Bool { recall != nil }

    /// A player found while recalling (``playerAppeared(_:_:_:at:)`` with `.found`).
    mutating func recallPlayer(_ app: AppID, _ player: Player) {
        guard let recalling = recall else { return }
        let playing = player.status == .playing
        guard let history = recalling.players[app], history.busName == player.busName else {
            if playing { startedWhileAway(app) }
            return
        }
        recall?.players[app] = nil
        apps[app]?.arrivedAt = history.arrivedAt
        apps[app]?.lastStartedPlaying = history.lastStartedPlaying
        apps[app]?.lastPlayed = history.lastPlayed
        apps[app]?.stoppedAfterPlaying = history.stoppedAfterPlaying
        // Unless a start or a newer pin ended it while the players were being found.
        if let pending = recalling.pin, pending.app == app, pin == nil {
            pin = pending
            recall?.pin = nil
        }
        switch (history.status == .playing, playing) {
        case (false, true) where wasChangingTrack(history, at: recalling.savedAt):
            // Stopped between tracks when the memory was taken, playing now: the same playing.
            apps[app]?.stoppedAfterPlaying = false
        case (false, true):
            startedWhileAway(app)
        case (true, false):
            apps[app]?.lastPlayed = recalling.savedAt + .microseconds(1)
            apps[app]?.stoppedAfterPlaying = false
        default:
            break
        }
    }

    /// Whether the player was inside a track change (Stopped straight from Playing, within the
    /// grace) when the memory was taken.
    private func wasChangingTrack(_ history: RulesMemory.PlayerHistory, at savedAt: MonotonicInstant) -> Bool {
        guard history.status == .stopped, history.stoppedAfterPlaying, let stopped = history.lastPlayed, savedAt >= stopped else { return false }
        return savedAt - stopped <= trackChangeGrace
    }

    /// `app` started to play after the memory was taken: a start like any other, which ends
    /// the pin, whether it has come back yet or not (``started(_:at:)``).
    private mutating func startedWhileAway(_ app: AppID) {
        guard let recalling = recall else { return }
        started(app, at: recalling.savedAt + .microseconds(1))
    }
}
