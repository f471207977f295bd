import DBusTypes
import MediaRemoteAPI
import Time

/// Resumption's rule (issue 37): a play or play/pause that finds nobody to receive it launches
/// the player that was Now Playing last, and goes to it once that player can take it; a second
/// while the launch is under way launches nothing more. Nothing else launches anything.
extension Dispatcher {
    /// Remembers the Now Playing player as the one a play resumes once it has quit, if it has
    /// played (or is pinned): one Now Playing only for having arrived first played nothing a
    /// person would want back. With none such, the one remembered stays; a player not described
    /// yet (its desktop entry is read after it appears) keeps what was known of the same name.
    public mutating func noteNowPlaying(at now: MonotonicInstant) {
        guard let app = registry.nowPlaying(at: now), registry.hasPlayedOrIsPinned(app), var player = registry.lastPlayer(of: app) else { return }
        if let last = resumption.last, last.busName.withoutInstance == player.busName.withoutInstance {
            player.desktopEntry = player.desktopEntry ?? last.desktopEntry
            player.identity = player.identity ?? last.identity
        }
        resumption.last = player
    }

    /// The dispatch of `event`, which found nobody receiving: a launch of the last player, the
    /// event discarded because one is under way, or nil when it launches nothing.
    mutating func resumeDispatch(_ event: Event, at now: MonotonicInstant) -> Dispatch? {
        guard event.remoteControlSubtype == .play || event.remoteControlSubtype == .togglePlayPause else { return nil }
        // One whose deadline passed unended (its timer could not be made) is over.
        if let launch = resumption.launch, launch.deadline > now { return Dispatch(event: event, links: [], emptyReason: .launchUnderway) }
        guard let candidate = resumption.candidate else { return nil }
        // Its player on the bus already (not receiving, in strict mode): nothing to launch.
        guard matchingPlayer(desktopEntry: candidate.desktopEntry, busName: candidate.player.busName) == nil else { return nil }
        let launch = Resumption.Launch(player: candidate.player, desktopEntry: candidate.desktopEntry, event: event, since: now)
        resumption.launch = launch
        return Dispatch(event: event, launching: launch)
    }

    /// The launched player, once it is on the bus: the app whose player names the desktop entry
    /// launched, or has the name the last player had (an instance's number aside).
    func launchedPlayer() -> (app: AppID, player: Player)? {
        guard let launch = resumption.launch else { return nil }
        return matchingPlayer(desktopEntry: launch.desktopEntry, busName: launch.player.busName)
    }

    /// A player on the bus that names `desktopEntry`, or has `busName` less an instance's number.
    private func matchingPlayer(desktopEntry: String, busName: BusName) -> (app: AppID, player: Player)? {
        let base = busName.withoutInstance
        return registry.apps.sorted { $0.key < $1.key }.lazy.compactMap { app, record -> (AppID, Player)? in
            guard let player = record.player, record.desktopEntry == desktopEntry || player.busName.withoutInstance == base else { return nil }
            return (app, player)
        }.first
    }

    /// Whether the launch under way can go on: its player is on the bus, and plays already or
    /// can play (`CanPlay`: a toggle is a play here, and goes as one).
    public var resumeReady: Bool {
        guard resumption.launch != nil, let (_, player) = launchedPlayer() else { return false }
        return player.status == .playing || player.capabilities.allow(.play)
    }

    /// The launch's event on its way again, now that its player can take it: as a play (a
    /// play/pause sent to a player that begins to resume by itself would pause it), up its
    /// chain by the usual rules; or handled already when the player plays by itself. Nil when
    /// not ready.
    public mutating func takeResumed(at now: MonotonicInstant) -> Dispatch? {
        guard resumeReady, let launch = resumption.launch, let (app, player) = launchedPlayer() else { return nil }
        resumption.launch = nil
        let event = Event(.remoteControl(.play), at: launch.event.timestamp, from: launch.event.source)
        // On trial even when it says it plays (mpv opened without a file says Playing until it
        // finds itself idle), but only when the play is its: one the chain sends elsewhere, or
        // discards, is no proof of anything.
        let trial = Resumption.Trial(
            app: app, busName: player.busName, player: launch.player, desktopEntry: launch.desktopEntry, since: now)
        if player.status == .playing {
            resumption.trial = trial
            return Dispatch(event: event, handledAlreadyBy: .player(app, player))
        }
        let (links, reason) = chain(for: event, at: now)
        if links.first?.app == app { resumption.trial = trial }
        var dispatch = Dispatch(event: event, links: links, emptyReason: reason)
        dispatch.resumes = app
        return dispatch
    }

    /// The launch under way ends without its player (it could not be launched, or no player of
    /// it came in time): its event, to end discarded for `reason`.
    public mutating func endLaunch(_ reason: DiscardReason) -> Dispatch? {
        guard let launch = resumption.launch else { return nil }
        resumption.launch = nil
        return Dispatch(event: launch.event, links: [], emptyReason: reason)
    }

    /// When the launch under way ends if its player has not come.
    public var launchDeadline: MonotonicInstant? { resumption.launch?.deadline }

    /// When the launched player on trial is judged.
    public var trialDeadline: MonotonicInstant? { resumption.trial?.deadline }

    /// The trial whose time is up, to be judged (``judgeTrial(_:nothingToPlay:)``) once the
    /// player's status is asked again; nil when none is due.
    public func trialDue(at now: MonotonicInstant) -> Resumption.Trial? {
        guard let trial = resumption.trial, trial.deadline <= now else { return nil }
        return trial
    }

    /// Judges `trial` (still the one under way): a player with nothing to play as it says when
    /// asked now (`nothingToPlay`: stopped, or with no track at all) came back with nothing to
    /// play, and its desktop entry is not launched again; the trial, returned then, names the
    /// player to close (it is the service's doing, and shows nothing). Nil when it plays
    /// something, is paused on something, or has gone. What it last said is not asked: the
    /// launched mpv, idle with no file, says Playing in some starts (ResumeTests), and the
    /// answer to the question asked now is the later word.
    public mutating func judgeTrial(_ trial: Resumption.Trial, nothingToPlay: Bool) -> Resumption.Trial? {
        guard resumption.trial == trial else { return nil }
        resumption.trial = nil
        guard nothingToPlay, let player = registry.player(of: trial.app), player.busName == trial.busName else { return nil }
        resumption.cameBackEmpty.insert(trial.desktopEntry)
        return trial
    }
}
