import DBusTypes
import MediaRemoteAPI
import Testing
import Time

@testable import Core

/// A transcript of what happens on the bus, in order, on a virtual clock: the input of the
/// rules' tests. Each step advances the clock by 10 ms, but a `wait` by its own time and a
/// `remote` by 1 ms (as ``Transcript/send(_:phase:from:answers:)`` does).
enum Step {
    case begin(AppID)
    case end(AppID)
    case appear(AppID, PlaybackStatus, PlayerCapabilities = .all)
    /// A player on the bus already when MediaRemote looked (at start-up).
    case found(AppID, PlaybackStatus)
    case status(AppID, PlaybackStatus)
    case capabilities(AppID, PlayerCapabilities)
    case vanish(AppID)
    case push(AppID, ObjectPath)
    case resign(AppID, ObjectPath)
    case leave(AppID)
    case wait(milliseconds: UInt64)
    /// A remote-control event sent and answered at once: handled by the first link it reaches,
    /// or declined by every one.
    case remote(RemoteControlSubtype, handled: Bool = true)
    /// A person's `Shift` (1) or `Unshift` (-1).
    case shift(Int)
    /// What the audio server says of an app's sound.
    case sound(AppID, Audibility)
    /// An app that did not answer an event answered again (the shell's ping).
    case answers(AppID)
    /// A player's root properties read: its desktop entry (its identity is the entry, capitalised).
    case describe(AppID, desktopEntry: String?)
}

struct Transcript {
    var dispatcher: Dispatcher
    var now = MonotonicInstant.zero + .seconds(1)

    init(mode: Mode = .compat, shakeAction: ShakeAction = .none, _ steps: [Step] = []) {
        self.init(registry: Registry(mode: mode), shakeAction: shakeAction, steps)
    }

    init(registry: Registry, shakeAction: ShakeAction = .none, _ steps: [Step] = []) {
        dispatcher = Dispatcher(registry: registry, shakeAction: shakeAction)
        apply(steps)
    }

    var registry: Registry { dispatcher.registry }
    var nowPlaying: AppID? { registry.nowPlaying(at: now) }

    mutating func apply(_ steps: [Step]) {
        for step in steps { apply(step) }
    }

    mutating func apply(_ step: Step) {
        if case .wait(let milliseconds) = step {
            now += .milliseconds(milliseconds)
            return
        }
        now += .milliseconds(10)
        // As the shell does around every change (RulesEffect.apply): the last player follows Now Playing.
        dispatcher.noteNowPlaying(at: now)
        defer { dispatcher.noteNowPlaying(at: now) }
        switch step {
        case .begin(let app): dispatcher.registry.beginReceiving(app, at: now)
        case .end(let app): dispatcher.registry.endReceiving(app)
        case .appear(let app, let status, let capabilities):
            dispatcher.registry.playerAppeared(
                app, Player(busName: app.playerName, status: status, capabilities: capabilities),
                .appeared, at: now)
        case .found(let app, let status):
            dispatcher.registry.playerAppeared(
                app, Player(busName: app.playerName, status: status, capabilities: .all), .found, at: now)
        case .status(let app, let status): dispatcher.registry.playerChanged(app, status: status, at: now)
        case .capabilities(let app, let capabilities): dispatcher.registry.playerChanged(app, capabilities: capabilities, at: now)
        case .vanish(let app): dispatcher.registry.playerVanished(app)
        case .push(let app, let path):
            do {
                try dispatcher.registry.becomeFirstResponder(ResponderAddress(app: app, path: path), at: now)
            } catch {
                Issue.record("push \(app) \(path) refused: \(error)")
            }
        case .resign(let app, let path): dispatcher.registry.resignFirstResponder(ResponderAddress(app: app, path: path))
        case .leave(let app): dispatcher.registry.appLeft(app)
        case .remote(let subtype, let handled):
            now -= .milliseconds(10)
            _ = send(subtype, answers: [handled ? .handled : .declined])
        case .shift(let offset): _ = dispatcher.registry.shift(by: offset, at: now)
        case .sound(let app, let audibility): dispatcher.registry.audibilityChanged(app, to: audibility, at: now)
        case .answers(let app): dispatcher.registry.answered(app)
        case .describe(let app, let entry): dispatcher.registry.playerDescribed(app, desktopEntry: entry, identity: entry.map { $0.prefix(1).uppercased() + $0.dropFirst() })
        case .wait: break
        }
    }

    /// Releases one of `app`'s motion claims; false when it held none.
    mutating func release(_ app: AppID) -> Bool { dispatcher.registry.releaseMotion(app) }

    /// Dispatches a remote-control event from the API (see ``send(_:from:answers:)``).
    mutating func send(_ subtype: RemoteControlSubtype, answers: [Dispatch.Answer] = [.handled]) -> (outcome: Outcome, delivered: [Link]) {
        send(.remoteControl(subtype), from: .api, answers: answers)
    }

    /// Dispatches a phase of a shake, simulated unless `source` says otherwise (see
    /// ``send(_:from:answers:)``).
    mutating func shake(
        _ phase: MotionPhase, from source: EventSource = .simulated, answers: [Dispatch.Answer] = [.handled]
    ) -> (outcome: Outcome, delivered: [Link]) {
        send(.motion(phase), from: source, answers: answers)
    }

    /// Dispatches an event of `kind`, answering each delivery from `answers` (in order;
    /// `.declined` when they run out), and records the outcome. Returns the outcome and the
    /// links delivered to.
    mutating func send(
        _ kind: Event.Kind, from source: EventSource, answers: [Dispatch.Answer] = [.handled]
    ) -> (outcome: Outcome, delivered: [Link]) {
        now += .milliseconds(1)
        let event = Event(kind, at: now, from: source)
        var dispatch = dispatcher.dispatch(event, at: now)
        var remaining = answers[...]
        var step = dispatch.start()
        while case .deliver = step {
            step = dispatch.answer(remaining.popFirst() ?? .declined)
        }
        dispatcher.finished(dispatch, at: now)
        guard case .finished(let outcome) = step else { fatalError("unreachable") }
        return (outcome, dispatch.delivered)
    }
}

extension Transcript {
    /// Dispatches a remote-control event from `source`, and gives its first step (a launch of
    /// the last player, or its end when nobody could take it) without answering anything.
    mutating func start(_ subtype: RemoteControlSubtype, from source: EventSource = .api) -> Dispatch.Step {
        now += .milliseconds(1)
        var dispatch = dispatcher.dispatch(.remoteControl(subtype, at: now, from: source), at: now)
        let step = dispatch.start()
        if case .finished = step { dispatcher.finished(dispatch, at: now) }
        return step
    }

    /// Runs `dispatch` (one the rules gave back: a resumed event, or a launch's end), each
    /// delivery handled; its outcome and the links delivered to.
    mutating func run(_ dispatch: Dispatch) -> (outcome: Outcome, delivered: [Link]) {
        var running = dispatch
        var step = running.start()
        while case .deliver = step { step = running.answer(.handled) }
        dispatcher.finished(running, at: now)
        guard case .finished(let outcome) = step else { fatalError("a resumed dispatch launches nothing") }
        return (outcome, running.delivered)
    }
}

/// The instant `microseconds` after the clock's start, for tests whose times only order things.
func instant(_ microseconds: UInt64) -> MonotonicInstant { MonotonicInstant(microseconds: microseconds) }

func player(_ app: AppID) -> Link {
    .player(app, Player(busName: app.playerName, status: .paused, capabilities: .all))
}

func responder(_ app: AppID, _ path: ObjectPath) -> Link {
    .responder(ResponderAddress(app: app, path: path))
}

extension Link {
    /// The link without the player state it was planned with, for comparing.
    var address: String {
        switch self {
        case .responder(let address): "responder \(address.app.brief) \(address.path)"
        case .player(let app, _): "player \(app.brief)"
        case .shakeAction(let action, let app, _): "shake action \(action) on \(app.brief)"
        }
    }
}

// The apps of the transcripts, named briefly: each stands for a connection's unique name.
let A: AppID = ":1.A", B: AppID = ":1.B", C: AppID = ":1.C", D: AppID = ":1.D", E: AppID = ":1.E", P: AppID = ":1.P"
let X: AppID = ":1.X", Y: AppID = ":1.Y", Z: AppID = ":1.Z"

extension AppID {
    /// The name the transcripts know the app by: A for `:1.A`.
    var brief: String { String(busName.rawValue.dropFirst(":1.".count)) }
    /// The MPRIS name the transcripts give the app's player: `org.mpris.MediaPlayer2.A` for A.
    var playerName: BusName { BusName(stringLiteral: "org.mpris.MediaPlayer2." + brief) }
}
