import DBus
import DBusTypes
import MediaRemoteAPI

/// Follows what is Now Playing, for `status --follow`: the service's `NowPlaying` property, and
/// the Now Playing player's own status and track (its `PropertiesChanged`). Tells `onChange`
/// each time the player, its status or its track changes (not the position as it moves), and
/// nil while nothing is Now Playing or the service is not running.
final class NowPlayingFollower {
    var onChange: ((NowPlayingTrack?) -> Void)?

    private let connection: Connection
    private var service: NameWatch?
    private var serviceChanges: SignalSubscription?
    private var playerChanges: SignalSubscription?
    /// The Now Playing player's name, and what was last told (without its position).
    private var current: BusName?
    private var told: NowPlayingTrack??
    /// Bumped at each new target, so a late answer about an old one is dropped.
    private var generation = 0

    init(connection: Connection) {
        self.connection = connection
    }

    deinit {
        service?.cancel()
        serviceChanges?.cancel()
        playerChanges?.cancel()
    }

    func start() {
        serviceChanges = connection.subscribe(
            StandardMembers.propertiesChanged, of: .properties, sender: MediaRemoteNames.busName, path: MediaRemoteNames.objectPath,
            arguments: [0: MediaRemoteNames.interface.rawValue]
        ) { [weak self] change in
            guard case .success(let change) = change, let value = change.changed[MediaRemoteMembers.nowPlaying.name.rawValue] else { return }
            // The signal carries the new value: no round trip, so nothing late about the old one.
            if let name = try? MediaRemoteProperties.nowPlaying(value) { self?.follow(name) } else { self?.readNowPlaying() }
        }
        service = connection.watchNameOwner(MediaRemoteNames.busName) { [weak self] owner in
            if owner == nil { self?.follow(nil) } else { self?.readNowPlaying() }
        }
    }

    private func readNowPlaying() {
        connection.call(
            StandardMembers.get, PropertyAddress(MediaRemoteNames.interface, MediaRemoteMembers.nowPlaying.name),
            destination: MediaRemoteNames.busName, path: MediaRemoteNames.objectPath, interface: .properties
        ) { [weak self] result in
            guard let name = try? MediaRemoteProperties.nowPlaying(result.get().content) else { return }
            self?.follow(name)
        }
    }

    private func follow(_ name: BusName?) {
        guard name != current || name == nil else { return }
        current = name
        generation += 1
        playerChanges?.cancel()
        playerChanges = nil
        guard let name else { return tell(nil) }
        // The bus matches a well-known sender to its owner, whoever that is now. What changed
        // is read again whole (refresh), so the signal's body is not decoded.
        playerChanges = connection.subscribe(
            MatchRule(
                sender: name, interface: .properties, member: StandardMembers.propertiesChanged.name, path: NowPlayingTrack.path,
                arguments: [0: NowPlayingTrack.interface.rawValue])
        ) { [weak self] _ in self?.refresh() }
        refresh()
    }

    private func refresh() {
        guard let name = current else { return }
        let generation = self.generation
        NowPlayingTrack.read(name, on: connection) { [weak self] track in
            guard let self, self.generation == generation else { return }
            // A player that cannot be read is still Now Playing: say so with what is known.
            self.tell(track ?? NowPlayingTrack(player: name))
        }
    }

    private func tell(_ track: NowPlayingTrack?) {
        var key = track
        key?.position = nil
        if let told, told == key { return }
        told = .some(key)
        onChange?(track)
    }
}
