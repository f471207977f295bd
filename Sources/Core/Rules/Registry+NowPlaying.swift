import MediaRemoteAPI
import Time

extension Registry {
    /// The Now Playing app at `now` (rule 2): among the receiving apps, the one pinned (paused by
    /// a remote-control event, or chosen by a person, until another player starts to play); else
    /// the one playing (the most recent to start, if several are); if none is, the one that
    /// played most recently; if none ever played, the one whose responder most recently became
    /// first responder; if none did, the first to arrive that has a player. Nil when no app
    /// qualifies. Where the rules leave a choice (nobody played yet, or a tie),
    /// `playerPriority` decides before arrival.
    ///
    /// A player that stopped less than `trackChangeGrace` ago, straight from Playing, still
    /// counts as playing: it is changing track, and Now Playing stays with it. Where the audio
    /// server shows who is heard, a player that says Playing but is silent comes after every
    /// playing player that is heard (Registry+Audibility.swift).
    public func nowPlaying(at now: MonotonicInstant) -> AppID? {
        nowPlayingChoice(at: now).app
    }

    /// Now Playing, and whether any app receives at all (to tell "nobody receiving" from
    /// "nobody qualifies") and whether one was passed by for not answering: this runs for every
    /// event. An app that has not answered since an event was sent to it is passed by
    /// (Registry+Answering.swift), its pin too.
    func nowPlayingChoice(at now: MonotonicInstant) -> (anyReceiving: Bool, app: AppID?, passedBy: Bool) {
        // One pass, as if some playing app were heard (``someoneHeard(at:)``), which the pass
        // finds out too: a second only when it was wrong about that and it mattered, when
        // a player says Playing and is silent while nobody is heard.
        let demoted = choice(at: now, demotingSilence: true)
        guard demoted.silentPlayer, !demoted.someoneHeard else { return demoted.choice }
        return choice(at: now, demotingSilence: false).choice
    }

    /// Rule 2's choice with silent players demoted or not; and whether some receiving app that
    /// plays is heard (``someoneHeard(at:)``), and whether one that plays, and is not passed by
    /// for not answering, is silent.
    private func choice(at now: MonotonicInstant, demotingSilence: Bool)
        -> (choice: (anyReceiving: Bool, app: AppID?, passedBy: Bool), someoneHeard: Bool, silentPlayer: Bool)
    {
        var anyReceiving = false
        var passedBy = false
        var someoneHeard = false
        var silentPlayer = false
        var best: Standing?
        var bestIdle: Standing?
        for (app, record) in apps where record.receives(in: mode) {
            anyReceiving = true
            let playing = record.isPlaying || isChangingTrack(record, at: now)
            if showsHeard(record, playing: playing, at: now) { someoneHeard = true }
            let heard = playing && isHeard(record, at: now)
            guard record.notAnsweringSince == nil else {
                passedBy = true
                continue
            }
            if playing, !heard { silentPlayer = true }
            let standing = self.standing(of: app, record, playing: playing, heard: heard, at: now, demotingSilence: demotingSilence)
            if standing.tier != .idle {
                if best.map({ standing < $0 }) ?? true { best = standing }
            } else if record.player != nil, bestIdle.map({ standing < $0 }) ?? true {
                bestIdle = standing
            }
        }
        let app: AppID? =
            if !anyReceiving { nil }
            else if let pin, !isNotAnswering(pin.app) { pin.app }
            else if let best { best.app }
            else if let responder = stack.last(where: { isReceiving($0.app) && !isNotAnswering($0.app) }) { responder.app }
            else { bestIdle?.app }
        return ((anyReceiving, app, passedBy), someoneHeard, silentPlayer)
    }

    /// The receiving apps with a player, in rule 2's order without pins: playing and heard
    /// (latest start first), playing but silent, then played (latest stop first), then the rest
    /// (by priority, then arrival). The first is Now Playing unless a pin or a first responder
    /// decides; `Shift` walks this line.
    public func playersInLine(at now: MonotonicInstant) -> [AppID] {
        let demotingSilence = someoneHeard(at: now)
        return apps.filter { $0.value.player != nil && $0.value.receives(in: mode) }
            .map { standing(of: $0.key, $0.value, at: now, demotingSilence: demotingSilence) }
            .sorted()
            .map(\.app)
    }

    /// Where an app stands in rule 2's order; the lesser stands first.
    struct Standing: Comparable {
        enum Tier: Int, Comparable {
            /// Says Playing, and is heard (or nobody can tell).
            case playing
            /// Says Playing, but is silent while another playing app is audible.
            case playingSilent
            case played, idle
            static func < (lhs: Tier, rhs: Tier) -> Bool { lhs.rawValue < rhs.rawValue }
        }
        let tier: Tier
        /// When it started (playing) or stopped (played) playing: the later stands first.
        let time: MonotonicInstant
        let priority: Int
        let arrivedAt: MonotonicInstant
        let app: AppID

        // Ties go to the preferred player, then the earliest arrival, then the name, so the
        // answer never depends on dictionary order.
        static func < (lhs: Standing, rhs: Standing) -> Bool {
            if lhs.tier != rhs.tier { return lhs.tier < rhs.tier }
            if lhs.time != rhs.time { return lhs.time > rhs.time }
            return (lhs.priority, lhs.arrivedAt, lhs.app) < (rhs.priority, rhs.arrivedAt, rhs.app)
        }
    }

    /// `demotingSilence`: some playing app is heard (``someoneHeard(at:)``), so a silent one
    /// gives way.
    func standing(of app: AppID, _ record: AppRecord, at now: MonotonicInstant, demotingSilence: Bool) -> Standing {
        let playing = record.isPlaying || isChangingTrack(record, at: now)
        return standing(of: app, record, playing: playing, heard: playing && isHeard(record, at: now), at: now, demotingSilence: demotingSilence)
    }

    /// The same, with whether it plays (or is changing track) and is heard worked out already.
    private func standing(
        of app: AppID, _ record: AppRecord, playing: Bool, heard: Bool, at now: MonotonicInstant, demotingSilence: Bool
    ) -> Standing {
        let (tier, time): (Standing.Tier, MonotonicInstant) =
            if playing {
                (demotingSilence && !heard ? .playingSilent : .playing, record.lastStartedPlaying ?? .zero)
            } else if let stopped = record.lastPlayed {
                (.played, stopped)
            } else {
                (.idle, .zero)
            }
        return Standing(tier: tier, time: time, priority: priority(of: record), arrivedAt: record.arrivedAt, app: app)
    }

    /// The app's place in `playerPriority` (0 first), or past its end when not listed. A listed
    /// name also stands for its instances: `org.mpris.MediaPlayer2.vlc` for `….vlc.instance42`.
    func priority(of record: AppRecord) -> Int {
        guard let name = record.player?.busName else { return playerPriority.count }
        return playerPriority.firstIndex { Player.busName(name, isListedAs: $0) } ?? playerPriority.count
    }

    func isChangingTrack(_ record: AppRecord, at now: MonotonicInstant) -> Bool {
        guard record.stoppedAfterPlaying, record.player?.status == .stopped, let stopped = record.lastPlayed else { return false }
        return now >= stopped && now - stopped <= trackChangeGrace
    }

    /// When a player now inside its track-change grace stops counting as playing: the moment
    /// Now Playing may move without any event. The shell sets a timer for it.
    /// A playing app heard within the silence time stops counting as heard then, too.
    public func graceEnds(after now: MonotonicInstant) -> MonotonicInstant? {
        let trackChange = apps.values.filter { isChangingTrack($0, at: now) }
            .compactMap { $0.lastPlayed.map { $0 + trackChangeGrace + .microseconds(1) } }.min()
        return [trackChange, silenceEnds(after: now)].compactMap { $0 }.min()
    }

    /// Why an app is or is not Now Playing, in a phrase (for `mediaremotectl players`).
    public func nowPlayingReason(for app: AppID, at now: MonotonicInstant) -> String {
        guard let record = apps[app] else { return "not on the bus" }
        if !isReceiving(app) {
            return mode == .strict && record.player != nil
                ? "not receiving: strict mode and it never called BeginReceivingRemoteControlEvents"
                : "not receiving remote-control events"
        }
        if let since = record.notAnsweringSince {
            return "not answering: an event sent \((now - since).tenthsOfSecond) ago got no answer in time; passed by until it answers again"
        }
        if nowPlaying(at: now) == app { return "Now Playing: " + whyNowPlaying(app, record, at: now) }
        if let pin = pin, record.isPlaying { return pin.reason.outranking }
        if record.isPlaying, someoneHeard(at: now), !isHeard(record, at: now) {
            return "says Playing, but no sound of its is heard while another player's is"
        }
        if record.isPlaying {
            // Found playing at start-up: when it started, nobody knows.
            return record.lastStartedPlaying == .zero
                ? "playing since before MediaRemote saw it; another app started playing since, or was found first"
                : "playing, but another app started playing more recently"
        }
        if record.hasPlayed { return "another app is playing or played more recently" }
        return "has not played since MediaRemote saw it"
    }

    /// Why the Now Playing app is, in a phrase ("playing", "chosen by a person (shift or unshift), until …"); nil with none.
    public func whyNowPlaying(at now: MonotonicInstant) -> String? {
        guard let app = nowPlaying(at: now), let record = apps[app] else { return nil }
        return whyNowPlaying(app, record, at: now)
    }

    private func whyNowPlaying(_ app: AppID, _ record: AppRecord, at now: MonotonicInstant) -> String {
        // A pause's pin outlives a resume inside the track-change grace: playing again is "playing".
        if let pin = pin, pin.app == app, !(pin.reason == .pausedByRemoteControl && record.isPlaying) {
            return pin.reason.phrase
        }
        if record.isPlaying { return "playing" + silentOutranked(by: record, at: now) + fading(app, record, at: now) }
        if isChangingTrack(record, at: now) { return "changing track" }
        if record.lastPlayed != nil { return "played most recently" }
        guard let player = record.player else { return "its responder is the first responder, and nobody has played yet" }
        // A player found paused at 0:14 has played, but not while MediaRemote watched.
        let why = record.foundOnBus && record.lastStartedPlaying == nil
            ? "found \(player.status.rawValue.lowercased()) when MediaRemote started, and nobody has played since"
            : "nobody has played yet"
        return why + (priority(of: record) < playerPriority.count ? "; players.priority puts it first" : "")
    }

    /// Every app with a player, for the `Players` property: (bus name, status, receiving).
    public var players: [(app: AppID, player: Player, receiving: Bool)] {
        apps.compactMap { app, record in record.player.map { (app, $0, isReceiving(app)) } }
            .sorted { $0.player.busName < $1.player.busName }
    }

    /// While a playing app that went silent (muted, at zero volume, its stream stopped) still
    /// counts as heard, for ``silenceTime``: ", but silent for 1.2 s: gives way to NAME in 0.8 s
    /// unless heard again", or, when nobody would take its place, how long it has been silent;
    /// nothing otherwise. So `status` says what `players` shows (silent) and why Now Playing has
    /// not moved yet.
    private func fading(_ app: AppID, _ record: AppRecord, at now: MonotonicInstant) -> String {
        guard record.audibility == .silent, let heard = record.lastHeard, now >= heard, now - heard < silenceTime else { return "" }
        let silent = ", but silent for \((now - heard).tenthsOfSecond)"
        let ends = heard + silenceTime
        guard let successor = nowPlaying(at: ends), successor != app else { return silent + "; nobody else is heard" }
        let name = apps[successor]?.player?.busName ?? successor.busName
        return silent + ": gives way to \(name) in \((ends - now).tenthsOfSecond) unless heard again"
    }

    /// Where audibility decided: ", and heard; NAME started later and says Playing, but is
    /// silent" (the latest such), or nothing.
    private func silentOutranked(by record: AppRecord, at now: MonotonicInstant) -> String {
        guard someoneHeard(at: now), let started = record.lastStartedPlaying else { return "" }
        let later = apps.values.filter {
            $0.isPlaying && $0.receives(in: mode) && !isHeard($0, at: now) && ($0.lastStartedPlaying ?? .zero) > started
        }
        guard let latest = later.max(by: { ($0.lastStartedPlaying ?? .zero) < ($1.lastStartedPlaying ?? .zero) }),
            let name = latest.player?.busName
        else { return "" }
        return ", and heard; \(name) started later and says Playing, but is silent"
    }
}
