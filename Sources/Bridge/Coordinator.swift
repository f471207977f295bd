import Core
import DBus
import DBusTypes
import Input
import MediaRemoteAPI
import MPRIS

/// The daemon assembled: parts that each own their state, wired to one another and to the bus.
/// Each part sees the others through a narrow protocol that the coordinator plays
/// (Coordinator+Roles.swift); the bridge's methods are answered by the parts
/// (Coordinator+API.swift). Everything runs on the loop's thread.
final class Coordinator {
    let connection: Connection
    /// The rules at work: their state, every change and dispatch, the deliveries (Rules/).
    let rules: RulesShell
    /// The MPRIS players on the bus, read and followed.
    let tracker: PlayerTracker
    /// Media keys, headset buttons, jacks and accelerometers.
    let inputs: DeviceInputs
    /// The audio server followed, and who is heard (Audio/).
    let audio: AudioFollower
    /// What the rules know, kept across restarts (State/).
    let state = StateKeeper()
    /// The bridge's properties announced, and the MPRIS proxy (Publish/).
    let publication: Publication
    /// The options in force, and reloads (Options/).
    let reconfigurer: Reconfigurer
    /// BecomeFirstResponder's checks in flight (API/).
    let responderChecks: ResponderChecks
    /// Apps leaving the bus.
    private var appsLeaving: AppsLeaving?

    /// With `options` taken by each part; the devices and the proxy's name wait for
    /// ``nameTaken()``.
    init(connection: Connection, settings: Settings, options: Service.Options) {
        self.connection = connection
        reconfigurer = Reconfigurer(settings: settings, options: options)
        tracker = PlayerTracker(connection: connection, ignoring: options.ignoredPlayers)
        rules = RulesShell(connection: connection, options: options)
        inputs = DeviceInputs(loop: connection.loop)
        audio = AudioFollower(connection: connection)
        publication = Publication(connection: connection, tracker: tracker, calls: rules.calls, callTimeout: options.callTimeout)
        responderChecks = ResponderChecks(connection: connection)
    }

    var options: Service.Options { reconfigurer.options }

    /// Exports the bridge object (and the MPRIS proxy, if wanted; its name is taken later),
    /// recalls what the service before this one knew (kept in `stateFolder`) and starts
    /// following the bus.
    func start(mprisProxy: Bool, stateFolder: String?) throws(DBusError) {
        try connection.export([BridgeInterface.make(self)], at: MediaRemoteNames.objectPath)
        (rules.host, audio.rules, inputs.rules, state.rules, publication.rules, reconfigurer.parts) = (self, self, self, self, self, self)
        tracker.delegate = self
        if mprisProxy { try publication.startProxy() }
        rules.start()
        watchAppsLeaving()
        tracker.onSettled = { [unowned self] in self.state.playersSettled() }
        state.start(in: stateFolder, connection: connection)
        tracker.start()
        publication.publish(publishedState)
    }

    /// Follows apps leaving the bus, through `watch` (the service's, subscribed before its name
    /// was taken) or, with none, one of its own: everything of an app goes when it leaves. Once
    /// only: ``start(mprisProxy:stateFolder:)`` calls it too.
    func watchAppsLeaving(_ watch: AppsLeaving? = nil) {
        guard appsLeaving == nil else { return }
        let watch = watch ?? AppsLeaving(connection: connection)
        watch.onLeave = { [unowned self] app in
            self.forgetPlayer(of: app)
            self.rules.change { $0.registry.appLeft(app) }
        }
        appsLeaving = watch
    }

    /// The service's name is taken: the devices open (and a shake action set, a standing claim,
    /// opens the sensors with no app's claim), the proxy takes its name, the audio server is
    /// followed.
    func nameTaken() {
        inputs.startKeys(options.input)
        inputs.startMotion(options.motion)
        inputs.setMotionActive(rules.dispatcher.wantsMotion)
        publication.takeProxyName()
        audio.start()
    }

    /// Before the service stops (SIGTERM): the devices close, which ends the seeks their keys
    /// held; then the rules finish what is in progress (``RulesShell/finishBeforeStopping(timeout:)``).
    func finishBeforeStopping(timeout: Duration) {
        inputs.stop()
        rules.finishBeforeStopping(timeout: timeout)
    }

    /// SIGHUP: the configuration read again (``Reconfigurer/reload()``, which logs the outcome).
    func reloadConfiguration() {
        _ = reconfigurer.reload()
    }

    /// The service stops: what the rules know is written as it is now.
    func saveStateBeforeStopping() {
        state.saveBeforeStopping()
    }

    /// What the parts keep of an app's player goes with it: its seeks, its failures told, the
    /// wait for its answer, its sound.
    func forgetPlayer(of app: AppID) {
        rules.forget(app)
        audio.forget(app)
    }

    /// How many entries each table keyed by app or player holds. Once every app has left, each
    /// is 0: nothing is kept for an app that is gone (`make soak` watches this while players
    /// come and go by the thousand).
    var bookkeeping: [String: Int] {
        rules.bookkeeping.merging([
            "tracked players": tracker.bookkeeping, "pending pushes": responderChecks.bookkeeping, "player sounds": audio.bookkeeping,
            "position reads": publication.bookkeeping,
        ]) { $1 }
    }
}
