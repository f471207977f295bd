import Core
import DBus
import DBusTypes

/// `org.mpris.MediaPlayer2.mediaremote`, exported only when asked for (desktops show every
/// MPRIS name as a card, so it would show each player twice): an MPRIS 2.2 player standing for
/// the Now Playing player. Its properties mirror that player's; its transport calls become
/// remote-control events (source `mpris`) that go through the rules like any other, so
/// `playerctl -p mediaremote` and status bars reach the responder chain. Calls with no event
/// subtype (`Seek`, `SetPosition`, `OpenUri`, property writes) go to the Now Playing player as
/// they are.
///
/// This file owns what its parts share; each part is a file: the two interfaces' tables
/// (`+Interfaces`), mirroring the target's properties and announcing their changes
/// (`+Mirroring`), calls and reads passed to the target (`+Forwarding`), property writes
/// passed to it (`+WriteThrough`), and its `Position` read on demand (`+Position`).
public final class ProxyPlayer {
    public static let busName = MPRISNames.proxyName

    let connection: Connection
    let tracker: PlayerTracker
    let calls: CallQueue
    /// Weak: the daemon owns the rules and whatever holds the proxy, and a call that finishes
    /// after the service went finds no target rather than keeping the rules alive.
    weak var rules: (any ProxyRules)?
    /// How long the Now Playing player has to answer a forwarded call or read.
    public var callTimeout: Duration
    /// The player the proxy stood for when it last announced its properties.
    var mirrored: AppID?
    /// Position reads in flight, by the player read.
    var positionReads = PositionReads()

    /// The entries kept per player (position reads under way), for leak checks.
    public var bookkeeping: Int { positionReads.count }

    /// A proxy on `connection` for the player `rules` say is Now Playing, mirroring what
    /// `tracker` read of it and forwarding calls through `calls`.
    public init(connection: Connection, tracker: PlayerTracker, calls: CallQueue, rules: any ProxyRules, callTimeout: Duration) {
        (self.connection, self.tracker, self.calls, self.rules, self.callTimeout) = (connection, tracker, calls, rules, callTimeout)
    }

    /// The Now Playing app, when it has a player to mirror.
    var target: AppID? { rules?.nowPlayingPlayer?.app }

    /// Exports the proxy's object and follows the tracker's news of its target. The name is
    /// the caller's to take (``takeName()``).
    public func start() throws(DBusError) {
        try connection.export([rootInterface(), playerInterface()], at: MPRISNames.path)
        mirrored = target
        tracker.mirror = self
    }

    /// Takes the proxy's well-known name; false when another connection owns it.
    public func takeName() -> Bool {
        let reply = try? connection.requestName(ProxyPlayer.busName, flags: [.doNotQueue])
        return reply == .primaryOwner || reply == .alreadyOwner
    }

    /// Gives up the name and the object, and stops following the tracker.
    public func stop() {
        _ = try? connection.releaseName(ProxyPlayer.busName)
        if tracker.mirror === self { tracker.mirror = nil }
        connection.unexport(MPRISNames.path)
    }
}
