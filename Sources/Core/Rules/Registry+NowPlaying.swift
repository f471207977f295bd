extension Registry {
    /// The Now Playing app at `now` (rule 2): among the receiving apps, the one playing (the
    /// most recent to start, if several are); if none is, the one that played most recently;
    /// if none ever played, the one whose responder most recently became first responder; if
    /// none did, the first to arrive that has a player. Nil when no app qualifies.
    ///
    /// A player that stopped less than `trackChangeGrace` ago, straight from Playing, still
    /// counts as playing: it is changing track, and Now Playing stays with it.
    public func nowPlaying(at now: UInt64) -> AppID? {
        let receiving = apps.filter { isReceiving($0.key) }
        if receiving.isEmpty { return nil }
        let playing = receiving.filter { $0.value.isPlaying || isChangingTrack($0.value, at: now) }
        if let playing = latest(playing, by: { $0.lastStartedPlaying ?? 0 }) {
            return playing
        }
        if let played = latest(receiving.filter { $0.value.lastPlayed != nil }, by: { $0.lastPlayed ?? 0 }) {
            return played
        }
        if let responder = stack.last(where: { receiving[$0.app] != nil }) {
            return responder.app
        }
        return receiving.filter { $0.value.player != nil }
            .min { ($0.value.arrivedAt, $0.key) < ($1.value.arrivedAt, $1.key) }?.key
    }

    func isChangingTrack(_ record: AppRecord, at now: UInt64) -> Bool {
        guard record.stoppedAfterPlaying, record.player?.status == .stopped, let stopped = record.lastPlayed else { return false }
        return now >= stopped && now - stopped <= trackChangeGrace
    }

    /// When a player now inside its track-change grace stops counting as playing: the moment
    /// Now Playing may move without any event. The shell sets a timer for it.
    public func graceEnds(after now: UInt64) -> UInt64? {
        apps.values.filter { isChangingTrack($0, at: now) }.compactMap { $0.lastPlayed.map { $0 + trackChangeGrace + 1 } }.min()
    }

    /// The app with the greatest key; ties go to the earliest arrival, then the name, so the
    /// answer never depends on dictionary order.
    private func latest(_ candidates: [AppID: AppRecord], by key: (AppRecord) -> UInt64) -> AppID? {
        candidates.max { a, b in
            let (ka, kb) = (key(a.value), key(b.value))
            if ka != kb { return ka < kb }
            if a.value.arrivedAt != b.value.arrivedAt { return a.value.arrivedAt > b.value.arrivedAt }
            return a.key > b.key
        }?.key
    }

    /// Why an app is or is not Now Playing, in a phrase (for `mediaremotectl players`).
    public func nowPlayingReason(for app: AppID, at now: UInt64) -> String {
        guard let record = apps[app] else { return "not on the bus" }
        if !isReceiving(app) {
            return mode == .strict && record.player != nil
                ? "not receiving: strict mode and it never called BeginReceivingRemoteControlEvents"
                : "not receiving remote-control events"
        }
        if nowPlaying(at: now) == app {
            if record.isPlaying { return "Now Playing: playing" }
            if isChangingTrack(record, at: now) { return "Now Playing: changing track" }
            if record.lastPlayed != nil { return "Now Playing: played most recently" }
            return "Now Playing: nobody has played yet"
        }
        if record.isPlaying { return "playing, but another app started playing more recently" }
        if record.hasPlayed { return "another app is playing or played more recently" }
        return "has not played since MediaRemote saw it"
    }

    /// Every app with a player, for the `Players` property: (bus name, status, receiving).
    public var players: [(app: AppID, player: Player, receiving: Bool)] {
        apps.compactMap { app, record in record.player.map { (app, $0, isReceiving(app)) } }
            .sorted { $0.player.busName < $1.player.busName }
    }
}
