import DBus
import DBusTypes
import MPRIS
import SystemFiles

/// What the rules' state shows to the bus: the bridge's properties, announced as they change
/// (``PropertyAnnouncer``), and the MPRIS proxy standing for Now Playing, when it is turned on.
/// It owns both; the proxy sees the rules through ``ProxyRules`` only.
final class Publication {
    private let connection: Connection
    private let announcer: PropertyAnnouncer
    private let tracker: PlayerTracker
    private let calls: CallQueue
    /// The MPRIS player standing for Now Playing, when turned on.
    private var proxy: ProxyPlayer?
    /// How long the Now Playing player has to answer a call the proxy forwards.
    var callTimeout: Duration {
        didSet { proxy?.callTimeout = callTimeout }
    }
    /// Weak: the coordinator owns the rules and this part both.
    weak var rules: (any ProxyRules)?

    /// The proxy, when made, mirrors what `tracker` read and forwards through `calls`.
    init(connection: Connection, tracker: PlayerTracker, calls: CallQueue, callTimeout: Duration) {
        (self.connection, self.tracker, self.calls, self.callTimeout) = (connection, tracker, calls, callTimeout)
        announcer = PropertyAnnouncer(connection: connection)
    }

    /// The entries kept per player (the proxy's position reads), for leak checks.
    var bookkeeping: Int { proxy?.bookkeeping ?? 0 }

    /// Announces the bridge's properties as they are now (the first time, only kept), and
    /// points the proxy at Now Playing.
    func publish(_ state: PublishedState) {
        announcer.announce(state)
        proxy?.targetChanged()
    }

    /// Exports the MPRIS proxy; ``takeProxyName()`` then names it.
    func startProxy() throws(DBusError) {
        guard let rules else { preconditionFailure("the proxy is started only once the rules are wired (Coordinator.start)") }
        let proxy = ProxyPlayer(connection: connection, tracker: tracker, calls: calls, rules: rules, callTimeout: callTimeout)
        try proxy.start()
        self.proxy = proxy
    }

    /// Takes the proxy's name (once the service's own is taken, at start-up or on a reload). A
    /// name another connection owns leaves the service without the proxy, and says so: one
    /// nobody can reach would still mirror every change and read positions for no one.
    func takeProxyName() {
        guard let proxy, !proxy.takeName() else { return }
        Log.warning("\(ProxyPlayer.busName) is owned by another connection; running without the MPRIS proxy")
        stopProxy()
    }

    /// Exports the MPRIS proxy and takes its name (a reload that turns it on), or gives both up.
    func setProxy(_ on: Bool) {
        guard on else { return stopProxy() }
        guard proxy == nil else { return }
        do throws(DBusError) {
            try startProxy()
        } catch {
            return Log.warning("cannot export the MPRIS proxy: \(error.message)")
        }
        takeProxyName()
    }

    private func stopProxy() {
        proxy?.stop()
        proxy = nil
    }
}
