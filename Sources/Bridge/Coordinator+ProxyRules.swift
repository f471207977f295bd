import Core
import MediaRemoteAPI
import MPRIS

/// The rules as the MPRIS proxy sees them: who is Now Playing, and where its events go.
extension Coordinator: ProxyRules {
    var nowPlayingPlayer: (app: AppID, player: Player)? {
        let registry = router.registry
        guard let app = registry.nowPlaying(at: router.now), let player = registry.player(of: app) else { return nil }
        return (app, player)
    }

    func dispatchFromProxy(_ subtype: RemoteControlSubtype, done: @escaping () -> Void) {
        dispatch(.remoteControl(subtype, at: router.now, from: .mpris)) { _ in done() }
    }
}
