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
    /// Media keys and headset buttons, when there are input devices to read.
    private(set) var input: KeyInput?
    /// Shakes from the accelerometers, open only while motion is claimed.
    private(set) var motion: MotionInput?

    /// Reads the configuration again and applies it (the service's); the `Reload` method calls it.
    var reloadConfiguration: (() -> Result<Void, ConfigurationError>)?

    /// The devices as last logged.
    private var loggedDevices: [String: KeyInput.DeviceInfo] = [:]
    /// Events whose dispatch has not finished (waiting for a player's or responder's answer).
    var dispatchesInFlight = 0
    /// BecomeFirstResponder calls whose object is being checked, per app (``Limits``).
    var pendingPushes: [AppID: Int] = [:]

    /// The players' failures the log has told of.
    var failures = FailureLog()
    private var appWatch: SignalSubscription?
    private var published: PublishedState?
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
        adopt(options)
    }

    var now: MonotonicInstant { MonotonicClock.now }

    /// Exports the bridge object (and the MPRIS proxy, if wanted) and starts following the bus.
    func start(mprisProxy: Bool) throws(DBusError) {
        try connection.export([BridgeInterface.make(self)], at: MediaRemoteNames.objectPath)
        if mprisProxy { try startProxy() }
        tracker.onAppeared = { [unowned self] app, player, arrival in
            Log.info("player \(player.busName) \(arrival == .appeared ? "appeared" : "found") (\(player.status))")
            self.changeState { $0.registry.playerAppeared(app, player, arrival, at: self.now) }
        }
        tracker.onChanged = { [unowned self] app, status, capabilities in
            self.changeState { $0.registry.playerChanged(app, status: status, capabilities: capabilities, at: self.now) }
        }
        tracker.onVanished = { [unowned self] app in
            Log.info("player \(self.dispatcher.registry.player(of: app)?.busName ?? app.rawValue) left")
            self.forgetPlayer(of: app)
            self.changeState { $0.registry.playerVanished(app) }
        }
        tracker.onUnreadable = { name, error in
            Log.warning("cannot read the properties of \(name) (\(error.message)); ignoring it")
        }
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
        tracker.start()
        published = PublishedState(self)
    }

    /// What the shell keeps of an app's player goes with it: its seeks, its failures told.
    private func forgetPlayer(of app: AppID) {
        delivery.playerLeft(app)
        failures.forget(app)
    }

    /// Exports the MPRIS proxy and lets it follow its target (the name is the caller's to take).
    func startProxy() throws(DBusError) {
        let proxy = ProxyPlayer(coordinator: self)
        try proxy.export()
        self.proxy = proxy
        tracker.onPropertiesChanged = { [unowned proxy] app, names in
            if app == proxy.target { proxy.targetChanged(properties: names) }
        }
        tracker.onSeeked = { [unowned proxy] app, position in proxy.targetSeeked(app, to: position) }
        tracker.onRootPropertiesRead = { [unowned proxy] app in proxy.targetRootChanged(app) }
    }

    func stopProxy() {
        tracker.onPropertiesChanged = nil
        tracker.onSeeked = nil
        tracker.onRootPropertiesRead = nil
        connection.unexport(MPRISNames.path)
        proxy = nil
    }

    /// Starts reading media keys and headset buttons; without an input directory (a server, a
    /// container) the service goes on without them and says so once.
    func startInput(_ options: KeyInput.Options) {
        let input = KeyInput(loop: connection.loop, options: options)
        input.onEvent = { [unowned self] event in self.dispatch(event) }
        input.onNotice = { Log.warning($0) }
        input.onDevicesChanged = { [unowned self, unowned input] in
            self.logDeviceChanges(input.devices)
            self.motion?.accelerometersChanged(input.accelerometers)
        }
        do {
            try input.start()
            self.input = input
        } catch {
            Log.warning("\(error.description); media keys and headset buttons are not read")
        }
    }

    /// Starts following motion claims: the accelerometers the input devices include (and IIO's)
    /// open with the first claim and close with the last.
    func startMotion(_ options: MotionInput.Options) {
        let motion = MotionInput(loop: connection.loop, options: options)
        motion.onEvent = { [unowned self] event in self.dispatch(event) }
        motion.onNotice = { Log.warning($0) }
        motion.accelerometersChanged(input?.accelerometers ?? [])
        self.motion = motion
    }

    /// One line per device that appeared (read or not, and why) or went.
    private func logDeviceChanges(_ devices: [KeyInput.DeviceInfo]) {
        let now = Dictionary(devices.map { ($0.path, $0) }) { first, _ in first }
        // A device that could not be opened has no name, and one not read for want of permission
        // has KeyInput's notice, with the fix: no line of their own, appearing or going.
        let logged = now.filter { !$0.value.name.isEmpty && !$0.value.lacksPermission }
        for device in devices where logged[device.path] != nil && loggedDevices[device.path] != device {
            Log.info("input device \(device.path) (\(device.name)): " + (device.isRead ? "read" : "not read: \(device.reason)"))
        }
        for path in loggedDevices.keys.sorted() where now[path] == nil { Log.info("input device \(path) went away") }
        loggedDevices = logged
    }

    /// Applies a change to the rules' state, then announces what it changed: properties, and
    /// the cancel of a shake whose first responder moved or whose last claim went. A change the
    /// rules refuse throws, having changed nothing.
    @discardableResult
    func changeState<Result, Failure: Error>(_ change: (inout Dispatcher) throws(Failure) -> Result) throws(Failure) -> Result {
        let firstResponderBefore = dispatcher.registry.firstResponder
        let claimedBefore = dispatcher.registry.isMotionClaimed
        defer {
            motion?.setActive(dispatcher.registry.isMotionClaimed)
            if let cancel = dispatcher.cancellationNeeded(
                firstResponderBefore: firstResponderBefore, motionClaimedBefore: claimedBefore, at: now)
            {
                dispatch(cancel)
            }
            publishChanges()
        }
        return try change(&dispatcher)
    }

    /// Emits PropertiesChanged for what differs from what was last published, and arms a timer
    /// for the moment Now Playing may move by itself (the end of a track-change grace).
    func publishChanges() {
        let current = PublishedState(self)
        let nowPlaying = current.properties.nowPlaying
        if nowPlaying != (published ?? .empty).properties.nowPlaying { Log.info("Now Playing: \(nowPlaying ?? "nobody")") }
        if let published {
            let changed = current.changes(since: published)
            if !changed.isEmpty {
                try? connection.emitPropertiesChanged(changed, of: MediaRemoteNames.interface, at: MediaRemoteNames.objectPath)
            }
        }
        published = current
        proxy?.targetChanged()
        if let end = dispatcher.registry.graceEnds(after: now) {
            if graceTimer == nil { graceTimer = try? connection.loop.makeTimer { [unowned self] in self.publishChanges() } }
            graceTimer?.schedule(after: end.duration(since: now))
        } else {
            graceTimer?.disarm()
        }
    }
}
