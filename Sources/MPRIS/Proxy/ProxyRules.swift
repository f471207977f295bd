import Core
import MediaRemoteAPI

/// What the MPRIS proxy needs of the rules, and all it may ask: which player it stands for,
/// and a way to send them the events its transport calls become.
public protocol ProxyRules: AnyObject {
    /// The Now Playing app and its player, when it has one to stand for.
    var nowPlayingPlayer: (app: AppID, player: Player)? { get }
    /// Sends `subtype` through the rules as a remote-control event from the proxy (source
    /// `mpris`); `done` once its dispatch is over, handled or not.
    func dispatchFromProxy(_ subtype: RemoteControlSubtype, done: @escaping () -> Void)
}
