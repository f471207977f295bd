import Core
import DBusTypes
import MPRIS

/// The players on the bus, as the tracker tells of them, become the rules' state.
extension Coordinator: PlayerTrackerDelegate {
    func playerAppeared(_ app: AppID, _ player: Player, _ arrival: PlayerArrival) {
        Log.info("player \(player.busName) \(arrival == .appeared ? "appeared" : "found") (\(player.status))")
        // What is heard is told with the appearance, in one change: a player that says Playing
        // and is silent while another is heard never flickers through Now Playing.
        let heard = audio.playerAppearing(app)
        change { dispatcher in
            dispatcher.registry.playerAppeared(app, player, arrival, at: router.now)
            dispatcher.registry.audibilityChanged(heard, at: router.now)
        }
        audio.identify(app, player.busName)
    }

    func playerChanged(_ app: AppID, status: PlaybackStatus?, capabilities: PlayerCapabilities?) {
        change { $0.registry.playerChanged(app, status: status, capabilities: capabilities, at: router.now) }
    }

    func playerVanished(_ app: AppID) {
        let name = router.registry.player(of: app)?.busName ?? app.busName
        // Ignored by a reload is not gone: it is still there, no longer followed.
        Log.info("player \(name) " + (tracker.ignores(name) ? "is ignored now (players.ignore), no longer followed" : "left"))
        forgetPlayer(of: app)
        change { $0.registry.playerVanished(app) }
    }

    func playerUnreadable(_ name: BusName, _ error: DBusError) {
        Log.warning("cannot read the properties of \(name) (\(error.clause)); ignoring it")
    }
}
