import Config
import Core
import DBus
import DBusTypes
import Input
import Loop
import MediaRemoteAPI
import MPRIS
import Time

/// The rules wired to the bus: the dispatcher's state follows the bus (players, apps leaving,
/// the API's calls), each event runs up its chain through real deliveries, and every outcome
/// is announced. Everything runs on the loop's thread.
final class Coordinator {
    let connection: Connection
    var dispatcher: Dispatcher
    let tracker: PlayerTracker
    let delivery: PlayerDelivery
    /// Every call that delivers an event (or forwards the proxy's) goes through it: a line per app.
    let calls: CallQueue
    /// How long a Responder1 object has to answer.
    var responderTimeout: Duration
    /// The MPRIS player standing for Now Playing, when turned on.
    private(set) var proxy: ProxyPlayer?
    /// Media keys, headset buttons and accelerometers.
    let inputs: DeviceInputs

    /// Reads the configuration again and applies it (the service's); the `Reload` method calls it.
    var reloadConfiguration: (() -> Result<Void, ConfigurationError>)?

    /// Events whose dispatch has not finished (waiting for a player's or responder's answer).
    var dispatchesInFlight = 0
    /// BecomeFirstResponder calls whose object is being checked, per app (``Limits``).
    var pendingPushes: [AppID: Int] = [:]

    /// The players' failures the log has told of.
    var failures = FailureLog()
    private var appWatch: SignalSubscription?
    private let announcer: PropertyAnnouncer
    private var graceTimer: Timer?

    /// With `options`' plain values adopted (``adopt(_:)``); the devices and the proxy are
    /// started apart.
    init(connection: Connection, options: Service.Options) {
        self.connection = connection
        dispatcher = Dispatcher()
        tracker = PlayerTracker(connection: connection, ignoring: options.ignoredPlayers)
        calls = CallQueue(connection: connection)
        delivery = PlayerDelivery(
            calls: calls, callTimeout: options.callTimeout, seekStep: options.seekStep, seekInterval: options.seekInterval)
        responderTimeout = options.callTimeout
        inputs = DeviceInputs(loop: connection.loop)
        announcer = PropertyAnnouncer(connection: connection)
        adopt(options)
    }

    var now: MonotonicInstant { MonotonicClock.now }

    /// Exports the bridge object (and the MPRIS proxy, if wanted; its name is taken later,
    /// ``takeProxyName()``) and starts following the bus.
    func start(mprisProxy: Bool) throws(DBusError) {
        try connection.export([BridgeInterface.make(self)], at: MediaRemoteNames.objectPath)
        if mprisProxy { try startProxy() }
        tracker.delegate = self
        delivery.onFailure = { [unowned self] app, what, error in
            guard self.failures.shouldTell(app, error.name, appIsThere: self.dispatcher.registry.player(of: app) != nil) else { return }
            Log.warning("\(what): \(error.message); it counts as declining (said once for this player and error)")
        }
        appWatch = connection.watchNameOwnerChanges { [unowned self] name, _, new in
            // A connection that closes loses its unique name: everything of that app goes.
            guard name.isUnique, new == nil else { return }
            let app = AppID(name.rawValue)
            self.forgetPlayer(of: app)
            self.changeState { $0.registry.appLeft(app) }
        }
        inputs.onEvent = { [unowned self] event in self.dispatch(event) }
        tracker.start()
        announcer.announce(PublishedState(self))
    }

    /// What the shell keeps of an app's player goes with it: its seeks, its failures told.
    func forgetPlayer(of app: AppID) {
        delivery.playerLeft(app)
        failures.forget(app)
    }

    /// Exports the MPRIS proxy and takes its name; a name another connection owns leaves the
    /// service without it, and says so.
    func startProxy() throws(DBusError) {
        let proxy = ProxyPlayer(connection: connection, tracker: tracker, calls: calls, rules: self, callTimeout: delivery.callTimeout)
        try proxy.start()
        self.proxy = proxy
    }

    /// Takes the proxy's name (once the service's own is taken, at start-up or on a reload).
    func takeProxyName() {
        guard let proxy, !proxy.takeName() else { return }
        Log.warning("\(ProxyPlayer.busName) is owned by another connection; running without the MPRIS proxy")
    }

    func stopProxy() {
        proxy?.stop()
        proxy = nil
    }

    /// Applies a change to the rules' state, then announces what it changed: properties, and
    /// the cancel of a shake whose first responder moved or whose last claim went. A change the
    /// rules refuse throws, having changed nothing.
    @discardableResult
    func changeState<Result, Failure: Error>(_ change: (inout Dispatcher) throws(Failure) -> Result) throws(Failure) -> Result {
        let firstResponderBefore = dispatcher.registry.firstResponder
        let claimedBefore = dispatcher.registry.isMotionClaimed
        defer {
            inputs.setMotionActive(dispatcher.registry.isMotionClaimed)
            if let cancel = dispatcher.cancellationNeeded(
                firstResponderBefore: firstResponderBefore, motionClaimedBefore: claimedBefore, at: now)
            {
                dispatch(cancel)
            }
            publishChanges()
        }
        return try change(&dispatcher)
    }

    /// Announces what changed (the properties, the proxy's target), and arms a timer for the
    /// moment Now Playing may move by itself (the end of a track-change grace).
    func publishChanges() {
        announcer.announce(PublishedState(self))
        proxy?.targetChanged()
        if let end = dispatcher.registry.graceEnds(after: now) {
            if graceTimer == nil { graceTimer = try? connection.loop.makeTimer { [unowned self] in self.publishChanges() } }
            graceTimer?.schedule(after: end.duration(since: now))
        } else {
            graceTimer?.disarm()
        }
    }
}
