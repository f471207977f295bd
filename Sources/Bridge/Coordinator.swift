import Audio
import Config
import Core
import DBus
import DBusTypes
import Input
import Loop
import MediaRemoteAPI
import MPRIS
import Time

/// The daemon assembled: the parts, each with one job, wired to one another and to the bus.
/// The rules (``EventRouter``) follow the bus (players through the tracker, apps leaving, the
/// API's calls) and the devices; what they change is announced (``PropertyAnnouncer``, the
/// proxy). Everything runs on the loop's thread.
final class Coordinator {
    let connection: Connection
    /// The rules at work: their state, every change and dispatch, the deliveries (Rules/RulesShell.swift).
    let rules: RulesShell
    let tracker: PlayerTracker
    /// The MPRIS player standing for Now Playing, when turned on.
    private(set) var proxy: ProxyPlayer?
    /// Media keys, headset buttons and accelerometers.
    let inputs: DeviceInputs
    /// The audio server followed, and who is heard (Audio/AudioFollower.swift).
    let audio: AudioFollower

    /// Where the options come from, again on each reload (the file, the flags).
    let settings: Settings
    /// The options in force.
    var options: Service.Options

    /// BecomeFirstResponder calls whose object is being checked, per app (``Limits``).
    var pendingPushes: [AppID: Int] = [:]

    /// What the rules know, kept across restarts (State/StateKeeper.swift).
    let state = StateKeeper()
    private var appWatch: SignalSubscription?
    private let announcer: PropertyAnnouncer

    /// With `options`' plain values adopted (``adopt(_:)``); the devices and the proxy are
    /// started apart.
    init(connection: Connection, settings: Settings, options: Service.Options) {
        (self.connection, self.settings, self.options) = (connection, settings, options)
        tracker = PlayerTracker(connection: connection, ignoring: options.ignoredPlayers)
        rules = RulesShell(
            connection: connection, callTimeout: options.callTimeout, seekStep: options.seekStep, seekInterval: options.seekInterval)
        inputs = DeviceInputs(loop: connection.loop)
        audio = AudioFollower(connection: connection)
        announcer = PropertyAnnouncer(connection: connection)
        // Nothing to announce or open yet: the announcer's first state is made at start, and the
        // sensors open once the service's name is taken.
        _ = router.apply { Self.setRules(&$0, options) }
        adoptPlainValues(options)
    }

    /// The rules' state, and every event's way up its chain.
    var router: EventRouter { rules.router }

    /// Exports the bridge object (and the MPRIS proxy, if wanted; its name is taken later,
    /// ``takeProxyName()``), recalls what the service before this one knew (kept
    /// in `stateFolder`) and starts following the bus.
    func start(mprisProxy: Bool, stateFolder: String?) throws(DBusError) {
        try connection.export([BridgeInterface.make(self)], at: MediaRemoteNames.objectPath)
        if mprisProxy { try startProxy() }
        tracker.delegate = self
        rules.host = self
        rules.start()
        appWatch = connection.watchNameOwnerChanges { [unowned self] name, _, new in
            // A connection that closes loses its unique name: everything of that app goes.
            guard name.isUnique, new == nil else { return }
            let app = AppID(name)
            self.forgetPlayer(of: app)
            self.change { $0.registry.appLeft(app) }
        }
        audio.rules = self
        inputs.rules = self
        state.rules = self
        tracker.onSettled = { [unowned self] in self.state.playersSettled() }
        state.start(in: stateFolder, connection: connection)
        tracker.start()
        announcer.announce(PublishedState(self))
    }

    /// What the parts keep of an app's player goes with it: its seeks, its failures told, the
    /// wait for its answer, its sound.
    func forgetPlayer(of app: AppID) {
        rules.forget(app)
        audio.forget(app)
    }

    /// The service's name is taken: the devices open (and a shake action set, a standing claim,
    /// opens the sensors with no app's claim), the proxy takes its name, the audio server is
    /// followed.
    func nameTaken() {
        inputs.startKeys(options.input)
        inputs.startMotion(options.motion)
        inputs.setMotionActive(router.dispatcher.wantsMotion)
        takeProxyName()
        audio.start()
    }

    /// The service stops: what the rules know is written as it is now.
    func saveStateBeforeStopping() {
        state.saveBeforeStopping()
    }

    /// Exports the MPRIS proxy; ``takeProxyName()`` then names it.
    func startProxy() throws(DBusError) {
        let proxy = ProxyPlayer(connection: connection, tracker: tracker, calls: rules.calls, rules: self, callTimeout: rules.delivery.callTimeout)
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

    func stopProxy() {
        proxy?.stop()
        proxy = nil
    }

    /// Announces what changed (the properties, the proxy's target) and keeps the memory.
    func publish() {
        // While a memory is recalled, the players found so far are not the whole story: Now
        // Playing is announced once the recall ends, not flickered through the partial ones.
        if !router.registry.isRecalling {
            announcer.announce(PublishedState(self))
            proxy?.targetChanged()
        }
        state.remember()
    }
}
