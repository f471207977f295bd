import Core
import DBus
import DBusTypes
import Loop

/// Follows the MPRIS players on the bus: finds them (`ListNames` at start, `NameOwnerChanged`
/// after), reads their properties (`GetAll`, retried once: Audacious owns its name a moment
/// before its object exists) and follows `PropertiesChanged`. An app (a connection) with
/// several player names (`vlc` and `vlc.instance42`) is one player, under its first name.
public final class PlayerTracker {
    /// Told of players coming, changing and going (the rules).
    public weak var delegate: (any PlayerTrackerDelegate)?
    /// Told of what a mirror of the players follows (the MPRIS proxy, while it runs).
    public weak var mirror: (any PlayerMirror)?
    /// Called once every player on the bus at ``start()`` has been told of (or found
    /// unreadable, or gone): from then on, a player found was not there at start.
    public var onSettled: (() -> Void)?

    private let connection: Connection
    private var ignored: Set<BusName>
    private let retryDelay: Duration

    /// Players by the unique name of their connection.
    private var players: [BusName: Tracked] = [:]
    /// Player names on the bus that are ignored: their owner, and the listed name that ignores
    /// them (`org.mpris.MediaPlayer2.vlc` for `….vlc.instance42`).
    private var ignoredOnBus: [BusName: (owner: BusName, listedAs: BusName)] = [:]
    private var nameChanges: SignalSubscription?
    /// The pending second read of a player whose first `GetAll` failed.
    private var retries: [BusName: Timer] = [:]
    /// The names listed at start whose players are not told of yet; nil before the list comes
    /// and once they all are (``onSettled``).
    private var unsettled: Set<BusName>?

    public init(connection: Connection, ignoring ignored: Set<BusName> = MPRISNames.ignoredByDefault, retryDelay: Duration = .milliseconds(200)) {
        self.connection = connection
        self.ignored = ignored
        self.retryDelay = retryDelay
    }

    deinit {
        nameChanges?.cancel()
        for player in players.values {
            player.subscription?.cancel()
            player.seeked?.cancel()
        }
        for timer in retries.values { timer.cancel() }
    }

    /// Starts following names, then lists the players already there.
    public func start() {
        nameChanges = connection.watchNameOwnerChanges { [weak self] name, old, new in
            guard let self, MPRISNames.isPlayerName(name) else { return }
            if let old { self.remove(name, owner: old) }
            if let new { self.add(name, owner: new, .appeared) }
        }
        listPlayers(settling: true)
    }

    /// Finds the players on the bus now (those already tracked stay as they are); at start,
    /// ``onSettled`` is called once each of them is told of.
    private func listPlayers(settling: Bool = false) {
        connection.listNames { [weak self] names in
            guard let self else { return }
            let players = names.filter(MPRISNames.isPlayerName)
            if settling { self.unsettled = Set(players) }
            for name in players { self.lookUpOwner(name) }
            if settling { self.settle(nil) }
        }
    }

    /// A name listed at start is told of, or will never be: the last one calls ``onSettled``.
    /// (Nil: only checks whether any is left.)
    private func settle(_ name: BusName?) {
        guard unsettled != nil else { return }
        if let name { unsettled?.remove(name) }
        guard unsettled?.isEmpty == true else { return }
        unsettled = nil
        onSettled?()
    }

    /// Names to ignore from now on: players that now match leave (as if they vanished); names
    /// no longer ignored are looked up again.
    public func setIgnored(_ names: Set<BusName>) {
        ignored = names
        ignoredOnBus = [:]
        for (owner, tracked) in players where isIgnored(tracked.name) { remove(tracked.name, owner: owner) }
        listPlayers()
    }

    /// Whether `name` is ignored: listed, or an instance of a listed name (`vlc.instance42` of `vlc`).
    private func isIgnored(_ name: BusName) -> Bool {
        listing(name) != nil
    }

    /// The listed name that ignores `name`, if one does.
    private func listing(_ name: BusName) -> BusName? {
        ignored.sorted().first { Player.busName(name, isListedAs: $0) }
    }

    /// Whether a player of this name is ignored now.
    public func ignores(_ name: BusName) -> Bool {
        isIgnored(name)
    }

    /// The player names on the bus that are ignored, with their owner and the listed name that
    /// ignores each, in name order: for `mediaremotectl players`, which lists them as ignored.
    public var ignoredPlayers: [(name: BusName, owner: BusName, listedAs: BusName)] {
        ignoredOnBus.sorted { $0.key < $1.key }.map { ($0.key, $0.value.owner, $0.value.listedAs) }
    }

    /// The player's properties (`org.mpris.MediaPlayer2.Player`) as last read or signalled, as
    /// it sent them (the proxy mirrors them so); ``value(of:of:)`` reads one as a Swift value.
    public func properties(of app: AppID) -> [String: Value] {
        players[app.busName]?.properties ?? [:]
    }

    /// The player's root interface's properties (`org.mpris.MediaPlayer2`) as read when it appeared.
    public func rootProperties(of app: AppID) -> [String: Value] {
        players[app.busName]?.rootProperties ?? [:]
    }

    /// One of the player's properties (`MPRISMembers.shuffle`), if it has it with its type.
    public func value<Content>(of property: TypedProperty<Content>, of app: AppID) -> Content? {
        property.value(in: properties(of: app))
    }

    /// One of the player's root interface's properties (`MPRISMembers.identity`), if it has it
    /// with its type.
    public func rootValue<Content>(of property: TypedProperty<Content>, of app: AppID) -> Content? {
        property.value(in: rootProperties(of: app))
    }

    /// Where the player's signals of `property` stand now, for ``remember(_:as:of:unlessSignalledSince:)``.
    public func signalMark(of property: MemberName, of app: AppID) -> Int {
        players[app.busName]?.signalled[property.rawValue] ?? 0
    }

    /// A value just written to the player's `property` and taken by it: what is read until the
    /// player says otherwise (its PropertiesChanged may come later, or never). If the player
    /// signalled the property since `mark` (before its answer), what it said stands.
    public func remember(_ value: Value, as property: MemberName, of app: AppID, unlessSignalledSince mark: Int) {
        guard let tracked = players[app.busName], (tracked.signalled[property.rawValue] ?? 0) == mark else { return }
        players[app.busName]?.properties[property.rawValue] = value
    }

    /// How many entries the tracker keeps (players, pending retries), for leak checks.
    public var bookkeeping: Int { players.count + retries.count + ignoredOnBus.count }

    /// The well-known name the player of `app` is tracked under.
    public func name(of app: AppID) -> BusName? {
        players[app.busName]?.name
    }

    private func lookUpOwner(_ name: BusName) {
        connection.nameOwner(of: name) { [weak self] owner in
            guard let self else { return }
            guard let owner else { return self.settle(name) }
            self.add(name, owner: owner, .found)
        }
    }

    private func add(_ name: BusName, owner: BusName, _ arrival: PlayerArrival) {
        if let tracked = players[owner], tracked.name == name, !tracked.isReported {
            // Listed again (a reload) while its first read is on its way: that read settles it.
            return
        }
        if let listedAs = listing(name) {
            ignoredOnBus[name] = (owner, listedAs)
            return settle(name)
        }
        guard owner != connection.uniqueName, players[owner] == nil else { return settle(name) }
        var tracked = Tracked(name: name, arrival: arrival)
        tracked.subscription = connection.subscribe(
            StandardMembers.propertiesChangedLeniently, of: .properties, sender: owner, path: MPRISNames.path,
            arguments: [0: MPRISNames.player.rawValue]
        ) { [weak self] change in
            if case .success(let change) = change { self?.propertiesChanged(owner, change) }
        }
        tracked.seeked = connection.subscribe(MPRISMembers.seeked, of: MPRISNames.player, sender: owner, path: MPRISNames.path) {
            [weak self] seeked in
            guard let self, self.players[owner]?.isReported == true, case .success(let position) = seeked else { return }
            self.mirror?.playerSeeked(AppID(owner), to: position.content)
        }
        players[owner] = tracked
        readProperties(owner, name: name, .first)
    }

    private func remove(_ name: BusName, owner: BusName) {
        if ignoredOnBus[name]?.owner == owner { ignoredOnBus[name] = nil }
        guard let tracked = players[owner], tracked.name == name else { return }
        tracked.subscription?.cancel()
        tracked.seeked?.cancel()
        retries.removeValue(forKey: owner)?.cancel()
        players[owner] = nil
        if tracked.isReported { delegate?.playerVanished(AppID(owner)) }
        settle(name)
    }

    /// Which read of a player's properties: the first; its retry 200 ms on (a failure then is
    /// told, and a late read follows 5 s on, for a player still starting up); a late one.
    private enum Read { case first, retry, late }

    private func readProperties(_ owner: BusName, name: BusName, _ read: Read) {
        connection.call(
            StandardMembers.getAllLeniently, InterfaceArgument(MPRISNames.player), destination: owner, path: MPRISNames.path,
            interface: .properties, timeout: .seconds(2)
        ) { [weak self] result in
            guard let self, var tracked = self.players[owner], tracked.name == name else { return }
            switch result {
            case .success(let all):
                let properties = PlayerProperties(all.properties)
                tracked.properties = all.properties
                tracked.capabilities = properties.initialCapabilities
                let player = Player(busName: name, status: properties.status ?? .stopped, capabilities: tracked.capabilities)
                let wasReported = tracked.isReported
                (tracked.isReported, tracked.isUnread) = (true, false)
                self.players[owner] = tracked
                self.retries.removeValue(forKey: owner)?.cancel()
                if wasReported {
                    self.delegate?.playerChanged(AppID(owner), status: player.status, capabilities: player.capabilities)
                    self.mirror?.playerPropertiesChanged(AppID(owner), Array(tracked.properties.keys))
                } else {
                    // Asked only of a player that answers: one that never does costs one
                    // pending call, not two (a bus bounds a connection's pending replies).
                    self.readRootProperties(owner)
                    self.delegate?.playerAppeared(AppID(owner), player, tracked.arrival)
                    self.settle(name)
                }
            case .failure(let failure) where read == .first:
                do throws(LoopError) {
                    self.retries[owner] = try self.connection.loop.schedule(after: self.retryDelay) { [weak self] in
                        self?.retries[owner] = nil
                        self?.readProperties(owner, name: name, .retry)
                    }
                } catch {
                    // No second read without a timer: unreadable now, rather than never told.
                    self.delegate?.playerUnreadable(name, failure)
                    self.settle(name)
                }
            case .failure(let error):
                // One followed already keeps what was read of it (a read after an invalidation).
                guard !tracked.isReported else { return }
                self.players[owner]?.isUnread = true
                guard read == .retry else { return }
                self.delegate?.playerUnreadable(name, error)
                self.settle(name)
                self.retries[owner] = try? self.connection.loop.schedule(after: .seconds(5)) { [weak self] in
                    self?.retries[owner] = nil
                    self?.readProperties(owner, name: name, .late)
                }
            }
        }
    }

    private func readRootProperties(_ owner: BusName) {
        connection.call(
            StandardMembers.getAllLeniently, InterfaceArgument(MPRISNames.root), destination: owner, path: MPRISNames.path,
            interface: .properties, timeout: .seconds(2)
        ) { [weak self] result in
            guard let self, case .success(let all) = result, self.players[owner] != nil else { return }
            self.players[owner]?.rootProperties = all.properties
            self.mirror?.playerRootPropertiesRead(AppID(owner))
            let described = PlayerDescription(all.properties)
            self.delegate?.playerDescribed(AppID(owner), desktopEntry: described.desktopEntry, identity: described.identity)
        }
    }

    private func propertiesChanged(_ owner: BusName, _ change: LenientPropertiesChange) {
        guard var tracked = players[owner] else { return }
        if tracked.isUnread {
            players[owner]?.isUnread = false
            retries.removeValue(forKey: owner)?.cancel()
            return readProperties(owner, name: tracked.name, .late)
        }
        guard tracked.isReported else { return }
        let changes = change.changed
        let statusBefore = MPRISMembers.playbackStatus.dbusValue(in: tracked.properties)
        let capabilitiesBefore = tracked.capabilities
        tracked.properties.merge(changes) { $1 }
        for name in changes.keys { tracked.signalled[name, default: 0] += 1 }
        players[owner] = tracked
        if !changes.isEmpty { mirror?.playerPropertiesChanged(AppID(owner), Array(changes.keys)) }
        let properties = PlayerProperties(changes)
        if !change.invalidated.isEmpty {
            // Invalidated without values: read them again.
            readProperties(owner, name: tracked.name, .retry)
        }
        guard properties.status != nil || !properties.known.isEmpty else { return }
        let capabilities = properties.known.isEmpty ? nil : properties.applied(to: tracked.capabilities)
        if let capabilities { tracked.capabilities = capabilities }
        players[owner] = tracked
        // What changes nothing for the rules does not reach them: a player may repeat its
        // status thousands of times a second.
        let status = MPRISMembers.playbackStatus.dbusValue(in: changes) != statusBefore ? properties.status : nil
        let changedCapabilities = capabilities != capabilitiesBefore ? capabilities : nil
        guard status != nil || changedCapabilities != nil else { return }
        delegate?.playerChanged(AppID(owner), status: status, capabilities: changedCapabilities)
    }
}
