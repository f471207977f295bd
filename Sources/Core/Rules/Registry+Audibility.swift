import Time

/// Rule 2 where the audio server shows who is heard: among players that say Playing, a heard
/// one comes before a silent one (docs/DESIGN.md).
extension Registry {
    /// The audio server's word on `app` changed. Becoming audible while it says Playing, after
    /// being silent (never heard, or not for ``silenceTime``), counts as starting to play, as
    /// Android routes media buttons to the app that last played audio: a player that says
    /// Playing before its sound comes takes Now Playing when it comes. A shorter gap (a track
    /// change, a stream set up again) is not a start; nor is learning that it is audible, from
    /// unknown (the audio server just found, the player's process just known). Unlike a start
    /// it says itself, it ends no pin: the sound of a player that played on (buffering, a
    /// stream set up again after a long gap) is no person's choice, and a pause's or a person's
    /// pin holds.
    public mutating func audibilityChanged(_ app: AppID, to audibility: Audibility, at time: MonotonicInstant) {
        guard var record = apps[app], record.audibility != audibility else { return }
        let before = record.audibility
        record.audibility = audibility
        if before == .audible { record.lastHeard = time }
        apps[app] = record
        guard audibility == .audible, before == .silent, record.isPlaying else { return }
        if let heard = record.lastHeard, time - heard < silenceTime { return }
        apps[app]?.lastStartedPlaying = time
    }

    /// Several apps' audibility changed at once, as one match of the server's streams tells.
    public mutating func audibilityChanged(_ changes: [(AppID, Audibility)], at time: MonotonicInstant) {
        for (app, audibility) in changes { audibilityChanged(app, to: audibility, at: time) }
    }

    /// The app's audibility, for `mediaremotectl players`.
    public func audibility(of app: AppID) -> Audibility { apps[app]?.audibility ?? .unknown }

    /// Whether `record` counts as heard at `now`: audible, heard within ``silenceTime``, or
    /// nobody can tell (judged as if it were: never worse than what it says).
    func isHeard(_ record: AppRecord, at now: MonotonicInstant) -> Bool {
        switch record.audibility {
        case .audible, .unknown: return true
        case .silent:
            guard let heard = record.lastHeard else { return false }
            return now >= heard && now - heard < silenceTime
        }
    }

    /// Whether some receiving app that plays (or is changing track) is heard now, by the audio
    /// server's evidence: audible, or heard within ``silenceTime`` (a gap between its tracks).
    /// Only then does a silent one give way; with nobody heard, the rule is what players say.
    func someoneHeard(at now: MonotonicInstant) -> Bool {
        apps.values.contains { record in
            record.receives(in: mode) && showsHeard(record, playing: record.isPlaying || isChangingTrack(record, at: now), at: now)
        }
    }

    /// Whether `record`, a receiving app that plays or not (`playing`, changing track
    /// included), is evidence that someone is heard: it plays and the audio server hears it, or
    /// heard it within ``silenceTime``. Unknown is no evidence. Passed by for not answering or
    /// not, it counts. ``someoneHeard(at:)`` and Now Playing's one pass both ask this.
    func showsHeard(_ record: AppRecord, playing: Bool, at now: MonotonicInstant) -> Bool {
        guard playing else { return false }
        switch record.audibility {
        case .audible: return true
        case .unknown: return false
        case .silent: return isHeard(record, at: now)
        }
    }

    /// When a playing app that went silent stops counting as heard: the moment Now Playing may
    /// move without any event (``graceEnds(after:)``).
    func silenceEnds(after now: MonotonicInstant) -> MonotonicInstant? {
        apps.values.filter { ($0.isPlaying || isChangingTrack($0, at: now)) && $0.audibility == .silent }
            .compactMap { $0.lastHeard.map { $0 + silenceTime } }.filter { $0 > now }.min()
    }
}
