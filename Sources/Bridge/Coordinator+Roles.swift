import Core
import DBus
import DBusTypes
import MediaRemoteAPI
import MPRIS
import SystemFiles
import Time

/// The narrow protocols through which the parts see one another, each answered here by
/// handing the request to the part that owns it: every change of the rules and every dispatch
/// goes to the rules shell, the one place they are performed.

/// The rules shell's host: the effects that are not its own.
extension Coordinator: RulesHost {
    func motionWanted(_ wanted: Bool) {
        inputs.setMotionActive(wanted)
    }

    func shuffle(of app: AppID) -> Bool? {
        tracker.value(of: MPRISMembers.shuffle, of: app)
    }

    /// Announces what changed (the properties, the proxy's target) and keeps the memory.
    func publish() {
        // While a memory is recalled, the players found so far are not the whole story: Now
        // Playing is announced once the recall ends, not flickered through the partial ones.
        if !registry.isRecalling { publication.publish(publishedState) }
        state.remember()
    }
}

/// The rules as the devices, the audio follower, the state keeper and the proxy see them.
extension Coordinator: EventDispatching, AudioRules, RememberingRules, ProxyRules {
    var registry: Registry { rules.registry }
    var now: MonotonicInstant { rules.now }
    var pausesOnRouteLoss: Bool { options.pauseOnRouteLoss }

    func dispatch(_ event: Event, completion: ((Outcome) -> Void)? = nil) {
        rules.dispatch(event, completion: completion)
    }

    func dispatch(_ event: Event, to app: AppID) {
        rules.dispatch(event, to: app)
    }

    /// Said in the log (a person trying their sensor reads it there too) and to `motion watch`.
    func shakeNotTaken(_ why: ShakeNotTaken) {
        Log.info("a shake was not taken: \(why.advice)")
        try? connection.emit(MediaRemoteMembers.shakeNotTaken, why, of: MediaRemoteNames.interface, at: MediaRemoteNames.objectPath)
    }

    /// Headphones pulled out of a jack (from the devices): the audio follower decides who was
    /// heard there.
    func headphonesUnplugged(from device: String, card: Int?, at time: MonotonicInstant) {
        audio.headphonesUnplugged(from: device, card: card, at: time)
    }

    func changeRegistry(_ body: (inout Registry) -> Void) {
        rules.change { body(&$0.registry) }
    }

    var resumptionMemory: Resumption.Memory? { rules.dispatcher.resumption.memory }

    func rememberResumption(_ memory: Resumption.Memory) {
        rules.change { $0.resumption.remember(memory) }
    }

    func audibilityChanged(_ changes: [(AppID, Audibility)]) {
        rules.change { $0.registry.audibilityChanged(changes, at: now) }
    }

    var nowPlayingPlayer: (app: AppID, player: Player)? {
        guard let app = registry.nowPlaying(at: now), let player = registry.player(of: app) else { return nil }
        return (app, player)
    }

    func dispatchFromProxy(_ subtype: RemoteControlSubtype, done: @escaping () -> Void) {
        dispatch(.remoteControl(subtype, at: now, from: .mpris)) { _ in done() }
    }
}

/// The players on the bus, as the tracker tells of them, become the rules' state.
extension Coordinator: PlayerTrackerDelegate {
    func playerAppeared(_ app: AppID, _ player: Player, _ arrival: PlayerArrival) {
        Log.info("player \(player.busName) \(arrival == .appeared ? "appeared" : "found") (\(player.status))")
        // What is heard is told with the appearance, in one change: a player that says Playing
        // and is silent while another is heard never flickers through Now Playing.
        let heard = audio.playerAppearing(app)
        rules.change { dispatcher in
            dispatcher.registry.playerAppeared(app, player, arrival, at: now)
            dispatcher.registry.audibilityChanged(heard, at: now)
        }
        audio.identify(app, player.busName)
    }

    func playerChanged(_ app: AppID, status: PlaybackStatus?, capabilities: PlayerCapabilities?) {
        rules.change { $0.registry.playerChanged(app, status: status, capabilities: capabilities, at: now) }
    }

    func playerVanished(_ app: AppID) {
        let name = registry.player(of: app)?.busName ?? app.busName
        // Ignored by a reload is not gone: it is still there, no longer followed.
        Log.info("player \(name) " + (tracker.ignores(name) ? "is ignored now (players.ignore), no longer followed" : "left"))
        forgetPlayer(of: app)
        rules.change { $0.registry.playerVanished(app) }
    }

    func playerDescribed(_ app: AppID, desktopEntry: String?, identity: String?) {
        rules.change { $0.registry.playerDescribed(app, desktopEntry: desktopEntry, identity: identity) }
    }

    func playerUnreadable(_ name: BusName, _ error: DBusError) {
        Log.warning("cannot read the properties of \(name) (\(error.clause)); ignoring it until it answers: asked again in 5 s, and when it says a property changed")
    }
}

/// A reload: each part takes the options it uses; what must be restarted (devices, the proxy)
/// is touched only if it changed.
extension Coordinator: Reconfigurable {
    func adopt(_ options: Service.Options, over old: Service.Options) {
        rules.adopt(options)
        publication.callTimeout = options.callTimeout
        if options.ignoredPlayers != old.ignoredPlayers { tracker.setIgnored(options.ignoredPlayers) }
        if options.input != old.input { inputs.restartKeys(options.input) }
        if options.motion != old.motion { inputs.updateMotion(options.motion) }
        if options.mprisProxy != old.mprisProxy { publication.setProxy(options.mprisProxy) }
    }
}
