import AudioModel
internal import CPulse
#if canImport(Glibc)
import Glibc
#endif
import Loop
import Time
import SystemFiles

/// What the audio server says, as it changes. Called on the loop's thread.
public protocol AudioServerDelegate: AnyObject {
    /// Connected (`true`, with the server's name and version), or lost or not running
    /// (`false`, with why). Every stream, client and sink is gone while disconnected.
    func audioServer(_ server: AudioServer, isConnected: Bool, _ description: String)
    /// Its streams, clients or sinks changed (the whole picture, in ``AudioServer/streams`` and
    /// the rest).
    func audioServerChanged(_ server: AudioServer)
    /// A sink went away; `streams` are the streams that played to it (as last seen: the server
    /// may already have moved them elsewhere). `deviceGone`: its device (the server's card) went
    /// with it, or it had none; false when the card is still there (a profile change, as a
    /// Bluetooth headset switching to its headset profile when a call opens the microphone).
    func audioServer(_ server: AudioServer, removed sink: AudioSink, streams: [AudioStream], deviceGone: Bool)
}

/// Follows the session's audio server through libpulse, which speaks to PulseAudio and to
/// PipeWire (through pipewire-pulse) alike, driven by the service's loop (``PulseLoop``): its
/// playback streams, their clients and the sinks, kept and judged by ``AudioModel``, whose
/// actions this shell carries out. With no server, or when it goes away, it waits without waking
/// until told the server may be there (``serverMayBeThere()``); a socket-activated server is
/// reached at once.
public final class AudioServer {
    public weak var delegate: AudioServerDelegate?
    /// The server's picture, and its quirks' rules.
    private(set) var model = AudioModel()
    public var streams: [UInt32: AudioStream] { model.streams }
    public var clients: [UInt32: AudioClient] { model.clients }
    public var sinks: [UInt32: AudioSink] { model.sinks }
    /// Connected, and the server has said what it is.
    public private(set) var isConnected = false
    private let pulseLoop: PulseLoop
    private let applicationName: String
    /// The server's address, when not the session's own (libpulse's default: the environment,
    /// then the runtime directory).
    private let server: String?
    private var context: OpaquePointer?
    /// Trying again shortly, after the server's name appeared but its socket refused: a server
    /// takes its name on the bus before it listens (pipewire-pulse does).
    private var retry: Loop.Timer?
    /// The end of a burst of changes (``changed()``), and the timers the model asks for: streams
    /// asked again for their sink, every stream asked again after a sink changed, sinks removed told.
    private var coalescing: Loop.Timer?
    private var sinkTimer: Loop.Timer?
    private var moveTimer: Loop.Timer?
    private var removalTimer: Loop.Timer?
    private var retriesLeft = 0
    private var retryDelay = AudioServer.firstRetry
    private static let firstRetry = Duration.milliseconds(100)
    private static let retries = 8
    /// Whether the delegate has heard that there is no server (said once, not at each retry).
    private var saidUnavailable = false

    /// `server`: an address (`unix:/run/user/1000/pulse/native`) in place of the session's server
    /// (``sessionServer()``).
    public init(loop: EventLoop, server: String? = sessionServer(), applicationName: String = "MediaRemote") {
        pulseLoop = PulseLoop(loop: loop)
        self.server = server
        self.applicationName = applicationName
    }

    /// The session's server as libpulse finds it (nil: its runtime directory), except where
    /// there is no runtime directory to look in (no `XDG_RUNTIME_DIR`, no `PULSE_RUNTIME_PATH`,
    /// no `PULSE_SERVER`: a bare console, a container): then the system-wide server's socket,
    /// the only one there can be. Left to find one itself there, libpulse would make
    /// `~/.config/pulse` to keep one in, in the home of a service that only reads.
    public static func sessionServer(_ environment: (String) -> String? = Environment.value) -> String? {
        let set = ["PULSE_SERVER", "PULSE_RUNTIME_PATH", "XDG_RUNTIME_DIR"].contains { !(environment($0) ?? "").isEmpty }
        return set ? nil : "unix:/run/pulse/native"
    }

    deinit { stop() }

    /// Connects; with no server, says so once and waits for ``serverMayBeThere()``.
    public func start() {
        connect()
    }

    /// The server may have started (its name appeared on the session bus:
    /// `org.pulseaudio.Server`, which PulseAudio and pipewire-pulse both own): connects, trying
    /// again a few times over a few seconds if its socket is not listening yet. Waiting costs
    /// nothing: the caller watches the name (libpulse's own watch, NOFAIL, waits for one
    /// appearance only, and misses the server that takes its name before it listens).
    public func serverMayBeThere() {
        guard context == nil else { return }
        retriesLeft = Self.retries
        retryDelay = Self.firstRetry
        connect()
    }

    /// A new context, connecting at once (a socket-activated server starts for it).
    private func connect() {
        guard context == nil else { return }
        // Loaded at the first attempt, after the service's name is taken (cpulse.h says why).
        if let why = pulse_load() { return report(connected: false, "libpulse cannot be loaded (\(String(cString: why)))") }
        guard let context = pa_context_new(pulseLoop.api, applicationName) else {
            report(connected: false, "libpulse could not make a context")
            return
        }
        self.context = context
        // A cookie of zeros (from /dev/zero): libpulse would otherwise make and keep
        // ~/.config/pulse/cookie (a service's home is read-only to it, and libpulse says so on
        // every connection). Neither server needs one from a client of the same user:
        // pipewire-pulse never asks, and PulseAudio trusts a local socket's credentials.
        pa_context_load_cookie_from_file(context, "/dev/zero")
        pa_context_set_state_callback(context, { context, userdata in
            AudioServer.from(userdata).stateChanged()
        }, unretained)
        // A connection refused at once is reported through the state callback, inside this
        // call, which drops the context: then there is nothing left to do here.
        if pa_context_connect(context, server, pa_context_flags_t(PA_CONTEXT_NOAUTOSPAWN.rawValue), nil) < 0, self.context == context {
            let why = String(cString: pa_strerror(pa_context_errno(context)))
            drop()
            failed(why, wasConnected: false)
        }
    }

    /// After a failed connection: said (once while there is none), then the next attempt: at
    /// once after a loss (a socket-activated server is there again at once), shortly while
    /// retries are left, else when the server's name appears.
    private func failed(_ why: String, wasConnected: Bool) {
        report(connected: false, wasConnected ? "lost (\(why))" : why)
        if wasConnected {
            connect()
        } else if retriesLeft > 0 {
            retriesLeft -= 1
            if retry == nil { retry = try? pulseLoop.loop.makeTimer { [unowned self] in self.connect() } }
            retry?.schedule(after: retryDelay)
            retryDelay = retryDelay * 2
        }
    }

    /// Disconnects for good.
    public func stop() {
        retry?.cancel()
        retry = nil
        coalescing?.cancel()
        coalescing = nil
        removalTimer?.cancel()
        removalTimer = nil
        sinkTimer?.cancel()
        sinkTimer = nil
        moveTimer?.cancel()
        moveTimer = nil
        retriesLeft = 0
        drop()
    }

    private var unretained: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ userdata: UnsafeMutableRawPointer?) -> AudioServer {
        Unmanaged<AudioServer>.fromOpaque(userdata!).takeUnretainedValue()
    }

    private func drop() {
        guard let context else { return }
        self.context = nil
        pa_context_set_state_callback(context, nil, nil)
        pa_context_set_subscribe_callback(context, nil, nil)
        pa_context_disconnect(context)
        pa_context_unref(context)
        removalTimer?.disarm()
        sinkTimer?.disarm()
        isConnected = false
        // Told at once: nothing of the server is left to wait for.
        if model.apply(.disconnected, at: MonotonicClock.now).contains(.changed) { delegate?.audioServerChanged(self) }
    }

    /// Hands the model what the server said, and does what it asks.
    func apply(_ event: AudioModel.Event) {
        for action in model.apply(event, at: MonotonicClock.now) { perform(action) }
    }

    private func perform(_ action: AudioModel.Action) {
        switch action {
        case .describeStream(let id): ask { pa_context_get_sink_input_info($0, id, streamInfo, self.unretained) }
        case .describeClient(let id): ask { pa_context_get_client_info($0, id, clientInfo, self.unretained) }
        case .describeSink(let id): ask { pa_context_get_sink_info_by_index($0, id, sinkInfo, self.unretained) }
        case .describeAllStreams: ask { pa_context_get_sink_input_info_list($0, streamInfo, self.unretained) }
        case .scheduleSinkAsks(let delay): arm(&sinkTimer, after: delay) { $0.apply(.sinkAsksDue) }
        case .scheduleAllStreamsAgain(let delay): arm(&moveTimer, after: delay) { $0.perform(.describeAllStreams) }
        // A removal is never lost for want of a timer: told at once, its device judged as it is.
        case .scheduleRemovals(let delay): arm(&removalTimer, after: delay, orAtOnce: true) { $0.apply(.removalsDue) }
        case .changed: changed()
        case .removed(let sink, let streams, let deviceGone):
            delegate?.audioServer(self, removed: sink, streams: streams, deviceGone: deviceGone)
        }
    }

    /// Sends a request to the server, if connected.
    private func ask(_ request: (OpaquePointer) -> OpaquePointer?) {
        guard let context else { return }
        release(request(context))
    }

    /// Arms `timer` (made on first use) unless it is armed. Without a timer (no file
    /// descriptor left), an ask again is skipped, and what `orAtOnce` is done at once.
    private func arm(_ timer: inout Loop.Timer?, after delay: Duration, orAtOnce: Bool = false, _ fire: @escaping (AudioServer) -> Void) {
        if timer == nil { timer = try? pulseLoop.loop.makeTimer { [unowned self] in fire(self) } }
        guard let timer else { return orAtOnce ? fire(self) : () }
        if !timer.isArmed { timer.schedule(after: delay) }
    }

    /// Tells the delegate of a change once the burst it came in is over: the server tells of a
    /// stream in several events as it is set up, and a player's streams come in runs. A timer
    /// that fires at once, in the loop's next wait, after every event already read.
    func changed() {
        if coalescing == nil { coalescing = try? pulseLoop.loop.makeTimer { [unowned self] in self.delegate?.audioServerChanged(self) } }
        guard let coalescing else { return delegate?.audioServerChanged(self) ?? () }
        if !coalescing.isArmed { coalescing.schedule(after: .zero) }
    }

    private func introduced(_ description: String) {
        isConnected = true
        report(connected: true, description)
        // What arrived before counts from now.
        if !model.isEmpty { changed() }
    }

    private func report(connected: Bool, _ description: String) {
        if !connected {
            if saidUnavailable { return }
            saidUnavailable = true
        } else {
            saidUnavailable = false
        }
        delegate?.audioServer(self, isConnected: connected, description)
    }

    private func stateChanged() {
        guard let context else { return }
        switch pa_context_get_state(context) {
        case PA_CONTEXT_READY:
            // Connected once the server has said what it is (``introduced(_:)``): the delegate
            // hears of a connection, then of its loss, never a loss alone.
            retriesLeft = 0
            subscribe(context)
        case PA_CONTEXT_FAILED, PA_CONTEXT_TERMINATED:
            // A failed context cannot connect again: the next attempt is a new one.
            let wasConnected = isConnected
            let why = String(cString: pa_strerror(pa_context_errno(context)))
            drop()
            failed(why, wasConnected: wasConnected)
        default:
            break
        }
    }

    private func subscribe(_ context: OpaquePointer) {
        pa_context_set_subscribe_callback(context, { _, event, index, userdata in
            AudioServer.from(userdata).serverEvent(event, index)
        }, unretained)
        let mask = PA_SUBSCRIPTION_MASK_SINK.rawValue | PA_SUBSCRIPTION_MASK_SINK_INPUT.rawValue | PA_SUBSCRIPTION_MASK_CLIENT.rawValue
            | PA_SUBSCRIPTION_MASK_CARD.rawValue
        release(pa_context_subscribe(context, pa_subscription_mask_t(mask), nil, nil))
        fetchAll(context)
        // Asked last: the server answers in order, so when it says what it is, everything it
        // has is known (nobody heard is taken for silent on the way).
        release(pa_context_get_server_info(context, { _, info, userdata in
            guard let info = info?.pointee else { return }
            let name = info.server_name.map { String(cString: $0) } ?? "an audio server"
            let version = info.server_version.map { String(cString: $0) } ?? "?"
            AudioServer.from(userdata).introduced("\(name) \(version)")
        }, unretained))
    }

    private func fetchAll(_ context: OpaquePointer) {
        release(pa_context_get_client_info_list(context, clientInfo, unretained))
        release(pa_context_get_sink_info_list(context, sinkInfo, unretained))
        release(pa_context_get_sink_input_info_list(context, streamInfo, unretained))
        release(pa_context_get_card_info_list(context, cardInfo, unretained))
    }

    private func release(_ operation: OpaquePointer?) {
        if let operation { pa_operation_unref(operation) }
    }

    private func serverEvent(_ event: pa_subscription_event_type_t, _ index: UInt32) {
        let facility = event.rawValue & PA_SUBSCRIPTION_EVENT_FACILITY_MASK.rawValue
        let type = event.rawValue & PA_SUBSCRIPTION_EVENT_TYPE_MASK.rawValue
        let removed = type == PA_SUBSCRIPTION_EVENT_REMOVE.rawValue
        switch facility {
        case PA_SUBSCRIPTION_EVENT_SINK_INPUT.rawValue: apply(removed ? .streamRemoved(index) : .streamAnnounced(index))
        case PA_SUBSCRIPTION_EVENT_CLIENT.rawValue: apply(removed ? .clientRemoved(index) : .clientAnnounced(index))
        case PA_SUBSCRIPTION_EVENT_SINK.rawValue:
            apply(removed ? .sinkRemoved(index) : .sinkAnnounced(index, isChange: type == PA_SUBSCRIPTION_EVENT_CHANGE.rawValue))
        case PA_SUBSCRIPTION_EVENT_CARD.rawValue: apply(removed ? .cardRemoved(index) : .cardDescribed(index))
        default: break
        }
    }
}
