import MediaRemoteAPI
import Time

/// Resumption's rule (issue 37): a play or play/pause that finds nobody to receive it launches
/// the player that was Now Playing last, and goes to it once that player can take it; a second
/// while the launch is under way launches nothing more. Nothing else launches anything.
extension Dispatcher {
    /// Remembers the Now Playing player as the one a play resumes once it has quit; with no
    /// player Now Playing, the one remembered stays.
    public mutating func noteNowPlaying(at now: MonotonicInstant) {
        guard let app = registry.nowPlaying(at: now), let player = registry.lastPlayer(of: app) else { return }
        resumption.last = player
    }

    /// The dispatch of `event`, which found nobody receiving: a launch of the last player, the
    /// event discarded because one is under way, or nil when it launches nothing.
    mutating func resumeDispatch(_ event: Event, at now: MonotonicInstant) -> Dispatch? {
        guard event.remoteControlSubtype == .play || event.remoteControlSubtype == .togglePlayPause else { return nil }
        if resumption.launch != nil { return Dispatch(event: event, links: [], emptyReason: .launchUnderway) }
        guard let candidate = resumption.candidate else { return nil }
        let launch = Resumption.Launch(player: candidate.player, desktopEntry: candidate.desktopEntry, event: event, since: now)
        resumption.launch = launch
        return Dispatch(event: event, launching: launch)
    }

    /// The launched player, once it is on the bus: the app whose player names the desktop entry
    /// launched, or has the name the last player had (an instance's number aside).
    func launchedPlayer() -> (app: AppID, player: Player)? {
        guard let launch = resumption.launch else { return nil }
        let base = launch.player.busName.withoutInstance
        return registry.apps.sorted { $0.key < $1.key }.lazy.compactMap { app, record -> (AppID, Player)? in
            guard let player = record.player, record.desktopEntry == launch.desktopEntry || player.busName.withoutInstance == base else { return nil }
            return (app, player)
        }.first
    }

    /// Whether the launch under way can go on: its player is on the bus, and plays already or
    /// can take the event (`CanPlay`).
    public var resumeReady: Bool {
        guard let launch = resumption.launch, let (_, player) = launchedPlayer() else { return false }
        return player.status == .playing || (launch.event.remoteControlSubtype.map(player.capabilities.allow) ?? false)
    }

    /// The launch's event on its way again, now that its player can take it: up its chain by the
    /// usual rules, or handled already when the player plays by itself. Nil when not ready.
    public mutating func takeResumed(at now: MonotonicInstant) -> Dispatch? {
        guard resumeReady, let launch = resumption.launch, let (app, player) = launchedPlayer() else { return nil }
        resumption.launch = nil
        if player.status == .playing { return Dispatch(event: launch.event, handledAlreadyBy: .player(app, player)) }
        let (links, reason) = chain(for: launch.event, at: now)
        return Dispatch(event: launch.event, links: links, emptyReason: reason)
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
}
