import Config
import Core
import DBusTypes
import Input
import MediaRemoteAPI
import Time

/// The bridge's properties, made from the rules' state (a pure function of it), as last
/// announced: to tell what a change changed.
struct PublishedState: Equatable {
    let properties: MediaRemoteProperties

    /// What a bridge with nothing on the bus would publish.
    static let empty = PublishedState(
        MediaRemoteProperties(
            version: MediaRemoteVersion.current, nowPlaying: nil, firstResponder: nil, mode: Configuration().mode.rawValue, players: [],
            configurationFile: nil, inputDirectory: Service.Options().input.directory))

    private init(_ properties: MediaRemoteProperties) {
        self.properties = properties
    }

    /// The properties the rules' state at `now` makes, with the configuration file read and
    /// the input directory followed.
    init(_ registry: Registry, at now: MonotonicInstant, configurationFile: String?, inputDirectory: String) {
        let nowPlaying = registry.nowPlaying(at: now).map { registry.player(of: $0)?.busName ?? $0.busName }
        let firstResponder = registry.firstResponder.map { ObjectAddress(busName: $0.app.busName, path: $0.path) }
        let players = registry.players.map {
            MediaRemoteProperties.Player(name: $0.player.busName, status: $0.player.status.rawValue, receiving: $0.receiving)
        }
        self.init(MediaRemoteProperties(
            version: MediaRemoteVersion.current, nowPlaying: nowPlaying, firstResponder: firstResponder, mode: registry.mode.rawValue,
            players: players, configurationFile: configurationFile, inputDirectory: inputDirectory))
    }

    /// The properties whose values differ from `old`'s, in the XML's order.
    func changes(since old: PublishedState) -> [MemberName] {
        guard self != old else { return [] }
        return MediaRemoteProperties.published.filter { $0.differs(properties, old.properties) }.map(\.name)
    }
}
