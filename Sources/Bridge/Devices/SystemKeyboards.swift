import Core
import DBus
import DBusTypes
import Input
import Loop
import MediaRemoteAPI
import SystemFiles
import Time

/// The keyboards mediaremote-inputd reads for this session. While the system service is on the
/// system bus, the session claims their media keys; the service checks the claim with logind and
/// sends the keys while this user's session is the seat's active one. Each key becomes events
/// exactly as a key of the session's own devices does (``DeviceKeys``: a held seek, a headset
/// button's gestures), so a keyboard's play key goes by the same rules as a headset's.
///
/// Only the service that owns `org.mediaremote.Input1` (root alone may, by the bus's policy)
/// is listened to: a key sent by anyone else is dropped.
final class SystemKeyboards {
    /// Where this session stands with the system service, for the log and `devices`.
    enum Standing: Equatable {
        /// No system bus to ask (a container, a machine without D-Bus's system bus): why.
        case noSystemBus(String)
        /// The service is not on the system bus (not installed, or not enabled).
        case notRunning
        /// Claimed, or being claimed; holding tells whether the keys come here now.
        case claimed(holding: Bool)
        /// The service refused the claim: its words.
        case refused(String)
    }

    /// Each event a key made.
    var onEvent: ((Event) -> Void)?

    private(set) var standing = Standing.notRunning
    /// The keyboards as the service last described them.
    private(set) var keyboards: [DescribeDevicesReply.Device] = []

    private let loop: EventLoop
    private let headsetTiming: HeadsetRecognizer.Timing
    /// logind's file for this user (``MediaDevices/Options/userStateFile``); nil for none.
    private let userStateFile: String?
    private var connection: Connection?
    private var serviceWatch: NameWatch?
    private var subscription: SignalSubscription?
    /// The service's unique name while it is on the bus.
    private var service: BusName?
    /// logind's file for this user, followed while the service refused this session's claim
    /// (its user not at a seat yet: logged in over ssh first, or lingering): a session on a seat
    /// that comes later claims again.
    private var seatWatch: DeviceDirectory?
    /// Each keyboard's keys, by node, made events as the session's own devices' are.
    private var keys: [String: DeviceKeys] = [:]
    private lazy var headsetTimer = DeadlineTimer(loop: loop, onFailure: { Log.warning("cannot make a keyboard's headset-button timer (\($0))") }) {
        [unowned self] in self.headsetDeadline()
    }

    /// The most values a message to this connection may hold: KeyboardsChanged with a hundred
    /// keyboards of seven values each, and room to spare.
    static let valuesPerMessage = 1024

    init(loop: EventLoop, headsetTiming: HeadsetRecognizer.Timing, userStateFile: String?) {
        self.loop = loop
        self.headsetTiming = headsetTiming
        self.userStateFile = userStateFile
    }

    /// Connects to the system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else the standard socket) and
    /// claims the keys whenever the service is there.
    func start() {
        let connection: Connection
        do {
            connection = try Connection(.system, loop: loop)
        } catch {
            standing = .noSystemBus(error.message)
            Log.info("no system bus (\(error.message)): a keyboard's media keys go to the desktop")
            return
        }
        // The service's signals are small (a key, a few keyboards); anyone on the system bus may
        // send this connection a signal, and none is read past this.
        connection.maximumValuesPerMessage = Self.valuesPerMessage
        self.connection = connection
        subscription = connection.subscribe(MatchRule(interface: InputServiceNames.interface, path: InputServiceNames.objectPath)) {
            [unowned self] message in self.received(message)
        }
        serviceWatch = connection.watchNameOwner(InputServiceNames.busName) { [unowned self] owner in self.serviceOwner(owner) }
    }

    /// Releases the claim (the service lets the keyboards go at once) and ends what the keys held;
    /// `released` runs once the service has let them go (its answer comes after its grabs end),
    /// or at once when no service holds them for this session.
    func stop(released: (() -> Void)? = nil) {
        serviceWatch?.cancel()
        subscription?.cancel()
        seatWatch = nil
        endHeldKeys()
        defer { service = nil }
        guard let service, let connection else {
            self.connection = nil
            released?()
            return
        }
        connection.call(InputServiceMembers.releaseMediaKeys, NoArguments(), destination: service,
                        path: InputServiceNames.objectPath, interface: InputServiceNames.interface,
                        timeout: .seconds(2)) { [self] _ in
            // Kept, with the connection, until the answer; closed after it, not inside it.
            guard let released else { return }
            released()
            closeAfterThisTurn()
        }
        connection.flush()
        // Nobody waits for the answer: closing the connection ends the claim too.
        if released == nil { self.connection = nil }
    }

    /// Drops the connection once the loop is done dispatching its messages.
    private func closeAfterThisTurn() {
        var token: UInt64 = 0
        token = loop.addPreparer { [self] in
            loop.removePreparer(token)
            connection = nil
        }
    }

    private func serviceOwner(_ owner: BusName?) {
        guard owner != service else { return }
        endHeldKeys()
        keyboards = []
        seatWatch = nil
        service = owner
        guard let owner, connection != nil else {
            if standing != .notRunning { Log.info("mediaremote-inputd left the system bus: a keyboard's media keys go to the desktop") }
            standing = .notRunning
            return
        }
        claim(from: owner)
    }

    /// Claims the keys from the service (`owner`); a refusal is said once, and the claim made
    /// again when logind's word on this user changes.
    private func claim(from owner: BusName) {
        guard let connection else { return }
        standing = .claimed(holding: false)
        connection.call(InputServiceMembers.claimMediaKeys, NoArguments(), destination: owner,
                        path: InputServiceNames.objectPath, interface: InputServiceNames.interface) { [weak self] result in
            guard let self, self.service == owner else { return }
            switch result {
            case .success:
                seatWatch = nil
                Log.info("claimed the keyboards' media keys from mediaremote-inputd (\(owner))")
            case .failure(let error):
                if case .refused = standing {} else { Log.warning("mediaremote-inputd refused this session's claim: \(error.message)") }
                standing = .refused(error.message)
                followSeat()
            }
        }
    }

    /// Follows logind's file for this user until a claim is taken: each change, a claim again.
    private func followSeat() {
        guard seatWatch == nil, let userStateFile else { return }
        seatWatch = try? DeviceDirectory(file: userStateFile, loop: loop) { [unowned self] _ in
            guard case .refused = self.standing, let service = self.service else { return }
            self.claim(from: service)
        }
    }

    /// A signal of the service's interface: a key, or the keyboards; from anyone but the
    /// service, dropped.
    private func received(_ message: Message) {
        guard let service, message.sender == service else { return }
        do throws(DBusError) {
            switch message.member {
            case InputServiceMembers.mediaKey.name: key(try MediaKeySignal(arguments: message.arguments))
            case InputServiceMembers.keyboardsChanged.name: keyboardsChanged(try KeyboardsChanged(arguments: message.arguments))
            default: break
            }
        } catch {
            Log.warning("mediaremote-inputd sent what this version cannot read: \(error.message)")
        }
    }

    private func key(_ key: MediaKeySignal) {
        guard case .claimed(holding: true) = standing else { return }
        var device = keys[key.device] ?? DeviceKeys(isMediaDevice: false, hasHeadsetButton: false, headsetTiming: headsetTiming)
        let events = device.key(key.code, key.pressed ? .pressed : .released, at: MonotonicInstant(microseconds: key.timestamp))
        keys[key.device] = device
        for event in events { onEvent?(event) }
        headsetTimer.arm(at: keys.values.compactMap(\.deadline).min())
    }

    private func keyboardsChanged(_ change: KeyboardsChanged) {
        let wasHolding = standing == .claimed(holding: true)
        if wasHolding != change.holding {
            if !change.holding { endHeldKeys() }
            Log.info(change.holding
                ? "mediaremote-inputd reads the keyboards for this session"
                : "mediaremote-inputd gives the keyboards' media keys to the session active on the seat, not this one")
        }
        // Keyboards gone take their held keys with them.
        let present = Set(change.keyboards.map(\.path))
        for path in keys.keys where !present.contains(path) { end(path) }
        keyboards = change.keyboards
        self.standing = .claimed(holding: change.holding)
    }

    private func end(_ path: String) {
        guard var device = keys.removeValue(forKey: path) else { return }
        for event in device.deviceRemoved(at: MonotonicClock.now) { onEvent?(event) }
    }

    /// Every key held ends now: the keys changed hands, or the service went.
    private func endHeldKeys() {
        for path in keys.keys.sorted() { end(path) }
        headsetTimer.cancel()
    }

    private func headsetDeadline() {
        let now = MonotonicClock.now
        for path in keys.keys.sorted() {
            for event in keys[path]?.timeout(at: now) ?? [] { onEvent?(event) }
        }
        headsetTimer.arm(at: keys.values.compactMap(\.deadline).min())
    }
}
