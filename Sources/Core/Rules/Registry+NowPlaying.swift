extension Registry {
    /// The Now Playing app at `now` (rule 2): among the receiving apps, the one playing (the
    /// most recent to start, if several are); if none is, the one that played most recently;
    /// if none ever played, the one whose responder most recently became first responder; if
    /// none did, the first to arrive that has a player. Nil when no app qualifies. Where the rules
    /// leave a choice (nobody played yet, or a tie), `playerPriority` decides before arrival.
    ///
    /// A player that stopped less than `trackChangeGrace` ago, straight from Playing, still
    /// counts as playing: it is changing track, and Now Playing stays with it.
    public func nowPlaying(at now: UInt64) -> AppID? {
        nowPlayingChoice(at: now).app
    }

    /// Now Playing, and whether any app receives at all (to tell "nobody receiving" from
    /// "nobody qualifies"), in one pass over the apps: this runs for every event.
    func nowPlayingChoice(at now: UInt64) -> (anyReceiving: Bool, app: AppID?) {
        var anyReceiving = false
        var playing: (key: UInt64, app: AppID, record: AppRecord)?
        var played: (key: UInt64, app: AppID, record: AppRecord)?
        var earliestWithPlayer: (app: AppID, record: AppRecord)?
        for (app, record) in apps where record.receives(in: mode) {
            anyReceiving = true
            if record.isPlaying || isChangingTrack(record, at: now) {
                let key = record.lastStartedPlaying ?? 0
                if playing.map({ ranks(key, app, record, above: $0) }) ?? true { playing = (key, app, record) }
            } else if let key = record.lastPlayed {
                if played.map({ ranks(key, app, record, above: $0) }) ?? true { played = (key, app, record) }
            }
            if record.player != nil,
                earliestWithPlayer.map({
                    (priority(of: record), record.arrivedAt, app) < (priority(of: $0.record), $0.record.arrivedAt, $0.app)
                }) ?? true
            {
                earliestWithPlayer = (app, record)
            }
        }
        guard anyReceiving else { return (false, nil) }
        if let playing { return (true, playing.app) }
        if let played { return (true, played.app) }
        if let responder = stack.last(where: { isReceiving($0.app) }) { return (true, responder.app) }
        return (true, earliestWithPlayer?.app)
    }

    /// Whether a candidate ranks above the best so far: a greater key; on a tie, the preferred
    /// player, then the earliest arrival, then the name, so the answer never depends on
    /// dictionary order.
    private func ranks(_ key: UInt64, _ app: AppID, _ record: AppRecord, above best: (key: UInt64, app: AppID, record: AppRecord)) -> Bool {
        if key != best.key { return key > best.key }
        let (mine, theirs) = (priority(of: record), priority(of: best.record))
        if mine != theirs { return mine < theirs }
        if record.arrivedAt != best.record.arrivedAt { return record.arrivedAt < best.record.arrivedAt }
        return app < best.app
    }

    /// The app's place in `playerPriority` (0 first), or past its end when not listed. A listed
    /// name also stands for its instances: `org.mpris.MediaPlayer2.vlc` for `….vlc.instance42`.
    func priority(of record: AppRecord) -> Int {
        guard let name = record.player?.busName else { return playerPriority.count }
        return playerPriority.firstIndex { Player.busName(name, isListedAs: $0) } ?? playerPriority.count
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
