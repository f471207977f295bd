import Time

/// Rule 2 where the audio server shows who is heard: among players that say Playing, a heard
/// one comes before a silent one (docs/DESIGN.md).
extension Registry {
    /// The audio server's word on `app` changed. Becoming audible after a silence (or for the
    /// first time) while it says Playing counts as starting to play, as Android routes media
    /// buttons to the app that last played audio: a player that says Playing before its sound
    /// comes takes Now Playing when it comes. A gap shorter than ``silenceTime`` (a track change,
    /// a stream set up again) is not a start.
    public mutating func audibilityChanged(_ app: AppID, to audibility: Audibility, at time: MonotonicInstant) {
        guard var record = apps[app], record.audibility != audibility else { return }
        let wasAudible = record.audibility == .audible
        record.audibility = audibility
        if wasAudible { record.lastHeard = time }
        apps[app] = record
        guard audibility == .audible, record.isPlaying else { return }
        if let heard = record.lastHeard, time - heard < silenceTime { return }
        started(app, at: time)
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

    /// Whether some receiving app that says Playing is audible now: only then does a silent one
    /// give way (with nobody audible, the rule is what players say).
    func someoneAudible() -> Bool {
        apps.values.contains { $0.audibility == .audible && $0.isPlaying && $0.receives(in: mode) }
    }

    /// When a playing app that went silent stops counting as heard: the moment Now Playing may
    /// move without any event (``graceEnds(after:)``).
    func silenceEnds(after now: MonotonicInstant) -> MonotonicInstant? {
        apps.values.filter { $0.isPlaying && $0.audibility == .silent }
            .compactMap { $0.lastHeard.map { $0 + silenceTime } }.filter { $0 > now }.min()
    }
}
