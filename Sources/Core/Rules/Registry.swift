import DBusTypes
import MediaRemoteAPI
import Time

/// The state the rules work on: apps, their players, who receives, the first-responder stack.
/// A value with no clock: every change takes the time it happened.
public struct Registry: Sendable {
    /// A mode that makes the pinned app stop receiving (strict, for an app that never began)
    /// ends the pin, as ending to receive does.
    public var mode: Mode {
        didSet { if let pin, !mayHoldPin(pin.app) { self.pin = nil } }
    }
    /// A player that goes from Playing to Stopped and back within this time is changing track
    /// (VLC stops for about 200 ms on Next): it has not *started* playing again.
    public var trackChangeGrace: Duration
    /// A playing app heard less than this long ago still counts as heard: the gap between two
    /// tracks, a stream set up again, a moment's mute (``Registry/audibilityChanged(_:to:at:)``).
    public var silenceTime: Duration = .seconds(2)
    /// Preferred players' bus names, most preferred first: they break the rules' ties.
    public var playerPriority: [BusName] = []
    /// A playing app that leaves Playing within this time of being sent a pause, play/pause or
    /// stop was paused by it (its answer and its PropertiesChanged may come in either order).
    var remotePauseWindow: Duration = .seconds(1)
    /// What each app may hold.
    public var limits = Limits()

    var apps: [AppID: AppRecord] = [:]
    /// Every app's first-responder entries, oldest push first; the last is the first responder.
    var stack: [ResponderAddress] = []
    /// The app kept Now Playing until another player starts to play, if any. Always an app that
    /// receives and has a player: a pin set on any other is none, and each change that would
    /// break that ends the pin (``unpin(_:)``, ``mode``).
    public internal(set) var pin: NowPlayingPin? {
        didSet { if let pin, !mayHoldPin(pin.app) { self.pin = nil } }
    }

    /// Whether `app` can be kept Now Playing: it receives and has a player.
    func mayHoldPin(_ app: AppID) -> Bool {
        guard let record = apps[app] else { return false }
        return record.player != nil && record.receives(in: mode)
    }
    /// The last pause-like event sent to a playing app, until the app answers by pausing.
    var pauseRequest: PauseRequest?
    /// What a service before this one knew, while the players it knew are being found again
    /// (Registry+Memory.swift).
    var recall: Recall?

    public init(mode: Mode = .compat, trackChangeGrace: Duration = .seconds(1)) {
        self.mode = mode
        self.trackChangeGrace = trackChangeGrace
    }

    // MARK: Receiving (rule 1)

    public mutating func beginReceiving(_ app: AppID, at time: MonotonicInstant) {
        apps[app, default: AppRecord(arrivedAt: time)].beganReceiving = true
    }

    public mutating func endReceiving(_ app: AppID) {
        apps[app]?.beganReceiving = false
        unpin(app)
    }

    /// Whether `app` receives remote-control events now.
    public func isReceiving(_ app: AppID) -> Bool {
        apps[app]?.receives(in: mode) ?? false
    }

    // MARK: Players (rule 2's input)

    /// A player came to be known. One that `appeared` already Playing started to play as it
    /// appeared: a player launched with a file plays before its name is up. One `found` on the
    /// bus when MediaRemote looked (at start-up) started at a time nobody knows, and ranks below
    /// any start seen since, unless a memory being recalled knows better. A paused or stopped
    /// player moves nothing either way.
    public mutating func playerAppeared(_ app: AppID, _ player: Player, _ arrival: PlayerArrival, at time: MonotonicInstant) {
        var record = apps[app] ?? AppRecord(arrivedAt: time)
        record.player = player
        record.foundOnBus = arrival == .found
        apps[app] = record
        if arrival == .found, recall != nil { return recallPlayer(app, player) }
        guard player.status == .playing else { return }
        switch arrival {
        case .appeared: started(app, at: time)
        case .found: if record.lastStartedPlaying == nil { apps[app]?.lastStartedPlaying = .zero }
        }
    }

    /// A player's status or capabilities changed (PropertiesChanged). Only a change into
    /// Playing is a start; metadata, volume or position changes do not reach here.
    public mutating func playerChanged(
        _ app: AppID, status: PlaybackStatus? = nil, capabilities: PlayerCapabilities? = nil, at time: MonotonicInstant
    ) {
        guard var record = apps[app], var player = record.player else { return }
        // Asked before the change: back into Playing within the grace is the same playing.
        let changingTrack = isChangingTrack(record, at: time)
        if let capabilities { player.capabilities = capabilities }
        let before = player.status
        if let status { player.status = status }
        record.player = player
        guard let status, status != before else {
            apps[app] = record
            return
        }
        if status == .playing {
            record.stoppedAfterPlaying = false
            apps[app] = record
            if !changingTrack || record.lastStartedPlaying == nil { started(app, at: time) }
        } else if before == .playing {
            record.lastPlayed = time
            record.stoppedAfterPlaying = status == .stopped
            apps[app] = record
            stoppedPlaying(app, at: time)
        } else {
            // Stopped, then paused: no longer straight from Playing to Stopped.
            record.stoppedAfterPlaying = false
            apps[app] = record
        }
    }

    /// The player's root properties were read: its desktop entry and identity (each nil when it
    /// names none), which say how a play may launch it again once it quits (``Resumption``).
    public mutating func playerDescribed(_ app: AppID, desktopEntry: String?, identity: String?) {
        guard apps[app]?.player != nil else { return }
        apps[app]?.desktopEntry = desktopEntry
        apps[app]?.identity = identity
    }

    /// Whether `app` has played while this service (or one it recalls) watched, or is pinned.
    func hasPlayedOrIsPinned(_ app: AppID) -> Bool {
        apps[app]?.hasPlayed == true || pin?.app == app
    }

    /// The player of `app` as resumption would remember it.
    func lastPlayer(of app: AppID) -> LastPlayer? {
        guard let record = apps[app], let player = record.player else { return nil }
        return LastPlayer(desktopEntry: record.desktopEntry, busName: player.busName, identity: record.identity)
    }

    /// The app's player left the bus, but the connection stays.
    public mutating func playerVanished(_ app: AppID) {
        apps[app]?.player = nil
        unpin(app)
    }

    // MARK: First responder (rule 3)

    /// Pushes `responder` on the first-responder stack (moving it up if it was already there).
    /// The bridge checks first that the object is the caller's own and reachable. A new one
    /// beyond the app's limit is refused.
    public mutating func becomeFirstResponder(_ responder: ResponderAddress, at time: MonotonicInstant) throws(CoreError) {
        try checkCanPush(responder)
        if apps[responder.app] == nil { apps[responder.app] = AppRecord(arrivedAt: time) }
        stack.removeAll { $0 == responder }
        stack.append(responder)
    }

    /// Pops `responder` from the stack; false when it was not there. The one pushed before it
    /// is first responder again.
    @discardableResult
    public mutating func resignFirstResponder(_ responder: ResponderAddress) -> Bool {
        guard let index = stack.lastIndex(of: responder) else { return false }
        stack.remove(at: index)
        return true
    }

    /// Refuses a responder that is not on the stack yet when its app has as many as it may.
    public func checkCanPush(_ responder: ResponderAddress) throws(CoreError) {
        guard !stack.contains(responder) else { return }
        let count = stack.count { $0.app == responder.app }
        guard count < limits.respondersPerApp else {
            throw .limitExceeded(
                "you have \(count) responders on the first-responder stack, the most one connection may have; resign one first")
        }
    }

    /// The first responder: the most recent push still on the stack.
    public var firstResponder: ResponderAddress? { stack.last }

    /// An app's own entries, most recent first.
    public func responders(of app: AppID) -> [ResponderAddress] {
        stack.reversed().filter { $0.app == app }
    }

    // MARK: Motion claims (rule 5)

    /// Adds a claim; refused beyond the app's limit.
    public mutating func claimMotion(_ app: AppID, at time: MonotonicInstant) throws(CoreError) {
        let claims = motionClaims(of: app)
        guard claims < limits.motionClaimsPerApp else {
            throw .limitExceeded("you hold \(claims) motion claims, the most one connection may hold; release one first")
        }
        apps[app, default: AppRecord(arrivedAt: time)].motionClaims += 1
    }

    /// Releases one claim; false when the app had none.
    @discardableResult
    public mutating func releaseMotion(_ app: AppID) -> Bool {
        guard let claims = apps[app]?.motionClaims, claims > 0 else { return false }
        apps[app]?.motionClaims = claims - 1
        return true
    }

    /// Whether anyone wants motion events now: the accelerometer is open only then.
    public var isMotionClaimed: Bool { apps.values.contains { $0.motionClaims > 0 } }

    public func motionClaims(of app: AppID) -> Int { apps[app]?.motionClaims ?? 0 }

    /// Every app holding motion claims, with how many.
    public var motionClaims: [AppID: Int] { apps.filter { $0.value.motionClaims > 0 }.mapValues(\.motionClaims) }

    /// Every app receiving remote-control events now, sorted.
    public var receivingApps: [AppID] { apps.keys.filter(isReceiving).sorted() }

    // MARK: Leaving (rule 6)

    /// The app left the bus: everything of it goes, at once.
    public mutating func appLeft(_ app: AppID) {
        apps[app] = nil
        stack.removeAll { $0.app == app }
        unpin(app)
        if pauseRequest?.app == app { pauseRequest = nil }
    }

    /// Whether the core knows anything of `app`.
    public func knows(_ app: AppID) -> Bool { apps[app] != nil }

    /// How many apps the core knows.
    public var appCount: Int { apps.count }

    public func player(of app: AppID) -> Player? { apps[app]?.player }

    /// When the app last started playing (the clock's start: it was found playing at start-up, when nobody knows), if ever.
    public func lastStartedPlaying(of app: AppID) -> MonotonicInstant? { apps[app]?.lastStartedPlaying }
}
