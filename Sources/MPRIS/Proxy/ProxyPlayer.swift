import Core
import DBus
import DBusTypes
import MediaRemoteAPI

/// `org.mpris.MediaPlayer2.mediaremote`, exported only when asked for (desktops show every
/// MPRIS name as a card, so it would show each player twice): an MPRIS 2.2 player standing for
/// the Now Playing player. Its properties mirror that player's; its transport calls become
/// remote-control events (source `mpris`) that go through the rules like any other, so
/// `playerctl -p mediaremote` and status bars reach the responder chain. Calls with no event
/// subtype (`Seek`, `SetPosition`, `OpenUri`, property writes) go to the Now Playing player as
/// they are.
public final class ProxyPlayer {
    public static let busName: BusName = "org.mpris.MediaPlayer2.mediaremote"

    private let connection: Connection
    private let tracker: PlayerTracker
    private let calls: CallQueue
    /// Weak: the coordinator owns both the rules and the proxy, and a call that finishes after
    /// the service went finds no target rather than keeping the rules alive.
    private weak var rules: (any ProxyRules)?
    /// How long the Now Playing player has to answer a forwarded call or read.
    public var callTimeout: Duration
    /// The player the proxy stood for when it last announced its properties.
    private var mirrored: AppID?
    /// Position reads in flight, by the player read: who waits for each.
    private var positionWaiters: [BusName: [(Value?) -> Void]] = [:]

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

    // MARK: Mirroring

    /// A mirrored property of the target (of its root interface when `root`), or `fallback`
    /// when there is none or it has the wrong type.
    private func mirror(_ name: String, _ fallback: Value, root: Bool = false) -> Value {
        guard let app = target else { return fallback }
        let properties = root ? tracker.rootProperties(of: app) : tracker.properties(of: app)
        guard let value = properties[name], value.type == fallback.type else { return fallback }
        return value
    }

    /// A capability: false with nothing to control, as MPRIS asks.
    private func capability(_ name: String) -> Value {
        target == nil ? .boolean(false) : mirror(name, .boolean(false))
    }

    /// The properties that follow the target, with the value each has when there is none.
    static let mirroredProperties: [(MemberName, Value)] = [
        ("PlaybackStatus", .string("Stopped")), ("LoopStatus", .string("None")), ("Rate", .double(1)),
        ("Shuffle", .boolean(false)), ("Metadata", .stringVariantDictionary([])), ("Volume", .double(1)),
        ("MinimumRate", .double(1)), ("MaximumRate", .double(1)),
    ]
    /// The capabilities that follow the target (`CanControl` is always true: the proxy takes
    /// every call, and the rules decide where it goes).
    static let control = PlayerProperties.names(of: .control)[0]
    static let capabilities = [PlayerCapabilities.goNext, .goPrevious, .play, .pause, .seek].flatMap(PlayerProperties.names(of:))
    /// The mirrored properties a client may write: passed on to the target.
    static let writable: Set<MemberName> = [
        MPRISMembers.loopStatus.name, MPRISMembers.rate.name, MPRISMembers.shuffle.name, MPRISMembers.volume.name,
    ]
    /// The root interface's properties that follow the target (OpenUri is forwarded to it, so
    /// what it accepts is what the proxy accepts).
    static let mirroredRootProperties: [MemberName] = ["Identity", "SupportedUriSchemes", "SupportedMimeTypes"]

    /// Now Playing moved, or the target's properties changed: announce what changed.
    public func targetChanged(properties names: [String]? = nil) {
        let current = target
        var changed: [MemberName] = []
        if current != mirrored {
            mirrored = current
            changed = ProxyPlayer.mirroredProperties.map(\.0) + ProxyPlayer.capabilities + [ProxyPlayer.control]
            targetRootChanged(current)
            // Position is never signalled: clients that follow it (playerctl --follow, status
            // bars) count on from the last Seeked, so a new player's position must be said.
            if current != nil {
                readPosition { [weak self] position in
                    guard let self, self.target == current, case .int64(let position)? = position else { return }
                    try? self.connection.emit(MPRISMembers.seeked, SeekedPosition(position), of: MPRISNames.player, at: MPRISNames.path)
                }
            }
        } else if let names, current != nil {
            let mine = Set(ProxyPlayer.mirroredProperties.map(\.0.rawValue) + ProxyPlayer.capabilities.map(\.rawValue))
            changed = names.filter(mine.contains).compactMap { try? MemberName($0) }
        }
        if !changed.isEmpty { try? connection.emitPropertiesChanged(changed, of: MPRISNames.player, at: MPRISNames.path) }
    }

    /// The target's root properties changed (it became the target, or they were read).
    private func targetRootChanged(_ app: AppID?) {
        guard app == target else { return }
        try? connection.emitPropertiesChanged(ProxyPlayer.mirroredRootProperties, of: MPRISNames.root, at: MPRISNames.path)
    }

    /// The target said it jumped: say it too.
    public func playerSeeked(_ app: AppID, to position: Int64) {
        guard app == target else { return }
        try? connection.emit(MPRISMembers.seeked, SeekedPosition(position), of: MPRISNames.player, at: MPRISNames.path)
    }

    // MARK: The interfaces

    private func rootInterface() -> Interface {
        Interface(
            MPRISNames.root,
            methods: [
                // Nothing to raise or quit: the proxy has no window and is part of a service.
                Method(MPRISMembers.raise) { _, _ in NoArguments() },
                Method(MPRISMembers.quit) { _, _ in NoArguments() },
            ],
            properties: [
                Property("CanQuit", .boolean, changeSignal: .constant, get: { .boolean(false) }),
                Property("CanRaise", .boolean, changeSignal: .constant, get: { .boolean(false) }),
                Property("HasTrackList", .boolean, changeSignal: .constant, get: { .boolean(false) }),
                Property("Identity", .string, get: { [weak self] in .string(self?.identity ?? "MediaRemote") }),
                Property("SupportedUriSchemes", .array(.string), changeSignal: .invalidates, get: { [weak self] in
                    self?.mirror("SupportedUriSchemes", .array(.string, []), root: true) ?? .array(.string, [])
                }),
                Property("SupportedMimeTypes", .array(.string), changeSignal: .invalidates, get: { [weak self] in
                    self?.mirror("SupportedMimeTypes", .array(.string, []), root: true) ?? .array(.string, [])
                }),
            ])
    }

    /// "MediaRemote", and which player it stands for.
    private var identity: String {
        guard let (app, player) = rules?.nowPlayingPlayer else { return "MediaRemote" }
        let name = tracker.identity(of: app) ?? player.busName.rawValue
        return "MediaRemote (\(name))"
    }

    private func playerInterface() -> Interface {
        func event(_ method: TypedMethod<NoArguments, NoArguments>, _ subtype: RemoteControlSubtype) -> Method {
            .deferred(method) { [weak self] _, call in
                guard let self, let rules = self.rules else { return call.reply() }
                rules.dispatchFromProxy(subtype) { call.reply() }
            }
        }
        // Weak: a write or read through may finish after a reload turned the proxy off.
        var properties = ProxyPlayer.mirroredProperties.map { name, fallback in
            let get = { [weak self] in self?.mirror(name.rawValue, fallback) ?? fallback }
            guard ProxyPlayer.writable.contains(name) else { return Property(name, fallback.type, get: get) }
            return Property.writeThrough(name, fallback.type, get: get) { [weak self] value, done in
                guard let self else { return done(nil) }
                self.forwardSet(name, value, done)
            }
        }
        properties += ProxyPlayer.capabilities.map { name in
            Property(name, .boolean, get: { [weak self] in self?.capability(name.rawValue) ?? .boolean(false) })
        }
        properties.append(Property(ProxyPlayer.control, .boolean, changeSignal: .none, get: { .boolean(true) }))
        let position = MPRISMembers.position.name
        properties.append(.readThrough(position, .int64, fallback: { [weak self] in self?.mirror(position.rawValue, .int64(0)) ?? .int64(0) }) {
            [weak self] answer in
            guard let self else { return answer(.int64(0)) }
            // A player that does not answer its Position is at 0 as far as anyone can tell.
            self.readPosition { answer($0 ?? .int64(0)) }
        })
        return Interface(
            MPRISNames.player,
            methods: [
                event(MPRISMembers.next, .nextTrack), event(MPRISMembers.previous, .previousTrack), event(MPRISMembers.pause, .pause),
                event(MPRISMembers.playPause, .togglePlayPause), event(MPRISMembers.stop, .stop), event(MPRISMembers.play, .play),
                forward(MPRISMembers.seek), forward(MPRISMembers.setPosition), forward(MPRISMembers.openUri),
            ],
            properties: properties,
            signals: [SignalMember(MPRISMembers.seeked)])
    }

    /// A method with no event subtype: passed to the target as it is, its answer passed back.
    /// With nothing to control it is answered, and does nothing.
    private func forward<Input>(_ method: TypedMethod<Input, NoArguments>) -> Method {
        .deferred(method) { [weak self] input, call in
            guard let self, let owner = self.target?.busName else { return call.reply() }
            // The player's reply is passed back as taken, whatever it carries (as a key's call is).
            let forwarded = Message.methodCall(method, input, destination: owner, path: MPRISNames.path, interface: MPRISNames.player)
            self.calls.call(forwarded, timeout: self.callTimeout) { result in
                switch result {
                case .success: call.reply()
                case .failure(let error): call.fail(error)
                }
            }
        }
    }

    /// A property write, passed to the target and answered with its answer. Once taken, the
    /// value the player then has is what the proxy reads, so a `Get` right after the `Set` sees
    /// it. With nothing to control it is answered, and does nothing.
    private func forwardSet(_ name: MemberName, _ value: Value, _ done: @escaping (DBusError?) -> Void) {
        guard let app = target else { return done(nil) }
        let owner = app.busName
        let tracker = self.tracker
        // Unless the player says otherwise first (clamping a volume, say) before it answers.
        let mark = tracker.signalMark(name.rawValue, of: app)
        let write = Message.methodCall(
            StandardMembers.set, PropertyWrite(PropertyAddress(MPRISNames.player, name), value), destination: owner, path: MPRISNames.path,
            interface: .properties)
        calls.call(write, timeout: callTimeout) { [weak self] result in
            guard case .success = result else {
                if case .failure(let error) = result { done(error) }
                return
            }
            // Taken; read back what the player made of it (a clamped volume, or a write it
            // ignored), and answer with that in place.
            guard let self else { return done(nil) }
            self.readFromTarget(owner, name) { now in
                tracker.remember(name.rawValue, now.flatMap { $0.type == value.type ? $0 : nil } ?? value, of: app, unlessSignalledSince: mark)
                done(nil)
            }
        }
    }

    /// MPRIS never signals `Position`: read it from the target when asked (`Get` and `GetAll`),
    /// nil when it cannot be. One read a player at a time, whoever asks: a status bar polling
    /// `GetAll` costs the player one call in flight. A read of the player Now Playing has left
    /// answers only those who asked it of that player, never those who ask of the next.
    private func readPosition(_ answer: @escaping (Value?) -> Void) {
        guard let owner = target?.busName else { return answer(nil) }
        positionWaiters[owner, default: []].append(answer)
        guard positionWaiters[owner]?.count == 1 else { return }
        readFromTarget(owner, MPRISMembers.position.name) { [weak self] position in
            guard let self else { return }
            for waiter in self.positionWaiters.removeValue(forKey: owner) ?? [] { waiter(position) }
        }
    }

    /// One of the target's Player properties as it has it now, nil when it does not answer. Beside
    /// the event line, never ahead of a key press.
    private func readFromTarget(_ owner: BusName, _ property: MemberName, _ answer: @escaping (Value?) -> Void) {
        connection.call(
            StandardMembers.get, PropertyAddress(MPRISNames.player, property), destination: owner, path: MPRISNames.path,
            interface: .properties, timeout: callTimeout
        ) { result in answer((try? result.get())?.content) }
    }
}

/// The tracker's news of the players, of which the proxy heeds its target's.
extension ProxyPlayer: PlayerMirror {
    public func playerPropertiesChanged(_ app: AppID, _ names: [String]) {
        if app == target { targetChanged(properties: names) }
    }

    public func playerRootPropertiesRead(_ app: AppID) {
        targetRootChanged(app)
    }
}
