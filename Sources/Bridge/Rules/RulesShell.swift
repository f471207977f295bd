import Core
import DBus
import DBusTypes
import Loop
import MPRIS
import SystemFiles
import Time

/// What the rules shell asks of the rest of the daemon: the effects that are not its own.
protocol RulesHost: AnyObject {
    /// Open the accelerometers (motion is wanted: claimed, or a shake action set), or close them.
    func motionWanted(_ wanted: Bool)
    /// The rules' state changed: announce it (the properties, the proxy's target) and keep it.
    func publish()
    /// A player's `Shuffle` as last read, for the shake action that toggles it.
    func shuffle(of app: AppID) -> Bool?
}

/// The rules at work: their state and every event's way up its chain (``EventRouter``), the
/// deliveries to players and responders, the apps that did not answer, the failures told, and
/// the timers the rules ask for (a seek begun by a call that gets no end, the end of a
/// track-change grace). The only owner of a change of the rules and of a dispatch: every one
/// goes through ``change(_:)`` or ``dispatch(_:completion:)``, whose effects it performs, asking
/// its host for the ones it does not own.
final class RulesShell {
    /// The rules' state machine. Only the shell's own files (Rules/) use it: everyone else
    /// reads the state through ``dispatcher``, ``registry`` and ``now``, and changes it through
    /// ``change(_:)`` and ``dispatch(_:completion:)``, so no change skips its effects
    /// (ArchitectureTests holds to it).
    let router = EventRouter()
    let connection: Connection
    /// Every call that delivers an event (or forwards the proxy's) goes through it: a line per app.
    let calls: CallQueue
    let delivery: PlayerDelivery
    /// Apps that did not answer an event, waited for until they answer again.
    let answers: AnswerWatch
    /// The players' failures the log has told of.
    var failures = FailureLog()
    /// Launches the last player to resume it (``Resumption``).
    let launcher: AppLauncher
    /// Whoever sent the event a launch is under way for, told its outcome when it ends.
    var resumeCompletion: ((Outcome) -> Void)?
    weak var host: (any RulesHost)?
    /// Ends a seek begun by a call that got no end.
    private(set) lazy var seekTimer = DeadlineTimer(loop: connection.loop, onFailure: {
        Log.warning("cannot make the timer that ends seeks begun by a call (\($0)); such a seek lasts until its end is sent")
    }) { [unowned self] in self.endSeeksDue() }
    /// The moment Now Playing may move by itself (the end of a track-change grace, or of a
    /// silence): published as any change is, which arms it again for the next such moment.
    private(set) lazy var graceTimer = DeadlineTimer(loop: connection.loop, onFailure: {
        Log.warning("cannot make the track-change timer (\($0)): Now Playing moves at the next change instead")
    }) { [unowned self] in self.perform([.publish]) }
    /// Ends a launch whose player has not come in time (``Resumption/patience``).
    private(set) lazy var launchTimer = DeadlineTimer(loop: connection.loop, onFailure: {
        Log.warning("cannot make the timer that ends a launch to resume (\($0)): a launch whose player never comes waits for the next play")
    }) { [unowned self] in self.launchTimedOut() }
    /// Judges a launched player sent the play (``Resumption/playGrace``).
    private(set) lazy var trialTimer = DeadlineTimer(loop: connection.loop, onFailure: {
        Log.warning("cannot make the timer that judges a launched player (\($0)): one that came back with nothing to play is launched again on the next play")
    }) { [unowned self] in self.judgeTrial() }

    /// The rules with `options`' settings, taken as they are: there is nothing to announce yet
    /// (the first state is published at start).
    init(connection: Connection, options: Service.Options) {
        self.connection = connection
        calls = CallQueue(connection: connection)
        delivery = PlayerDelivery(
            calls: calls, callTimeout: options.callTimeout, seekStep: options.seekStep, seekInterval: options.seekInterval)
        answers = AnswerWatch(connection: connection)
        launcher = AppLauncher(connection: connection)
        _ = router.apply { Self.setRules(&$0, options) }
    }

    /// Takes the options the rules use (a reload): the deliveries' times, and the settings of
    /// their state, a change like any other (a mode may end a pin; a mode or a priority may
    /// move Now Playing and change the Mode property).
    func adopt(_ options: Service.Options) {
        delivery.callTimeout = options.callTimeout
        delivery.seekStep = options.seekStep
        delivery.seekInterval = options.seekInterval
        change { Self.setRules(&$0, options) }
    }

    private static func setRules(_ dispatcher: inout Dispatcher, _ options: Service.Options) {
        dispatcher.registry.mode = options.mode
        dispatcher.registry.playerPriority = options.playerPriority
        dispatcher.shakeAction = options.shakeAction
        dispatcher.resumption.isOn = options.resumeLast
        dispatcher.resumption.ignored = options.ignoredPlayers
    }

    /// Starts telling: of players' failures (once each), of apps answering again.
    func start() {
        delivery.onFailure = { [unowned self] app, what, error in
            guard self.failures.shouldTell(app, error.name, appIsThere: self.router.registry.player(of: app) != nil) else { return }
            Log.warning("\(what): \(error.clause); it counts as declining (said once for this player and error)")
        }
        answers.onAnswer = { [unowned self] app in self.answeredAgain(app) }
    }

    /// The rules' state, to read.
    var dispatcher: Dispatcher { router.dispatcher }
    var registry: Registry { router.registry }
    var now: MonotonicInstant { router.now }

    /// How long a Responder1 object has to answer: the players' call timeout.
    var responderTimeout: Duration { delivery.callTimeout }

    /// What the shell keeps of an app goes with it: its seeks, the wait for its answer, its
    /// failures told.
    func forget(_ app: AppID) {
        delivery.playerLeft(app)
        answers.forget(app)
        failures.forget(app)
    }

    /// The entries kept per app, for leak checks.
    var bookkeeping: [String: Int] {
        [
            "apps": router.registry.appCount, "seeks": delivery.bookkeeping, "failures told": failures.count,
            "call lines": calls.busyDestinations, "answers awaited": answers.bookkeeping,
        ]
    }
}
