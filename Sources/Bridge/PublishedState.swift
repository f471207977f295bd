import Core
import DBusTypes
import MediaRemoteAPI

/// The bridge's properties as last announced, to tell what a change changed.
struct PublishedState: Equatable {
    let nowPlaying: String
    let firstResponder: ResponderAddress?
    let mode: Mode
    let players: [PlayerSummary]

    struct PlayerSummary: Equatable {
        let name: String
        let status: PlaybackStatus
        let receiving: Bool
    }

    /// What a bridge with nothing on the bus would publish.
    static let empty = PublishedState(nowPlaying: "", firstResponder: nil, mode: .compat, players: [])

    private init(nowPlaying: String, firstResponder: ResponderAddress?, mode: Mode, players: [PlayerSummary]) {
        self.nowPlaying = nowPlaying
        self.firstResponder = firstResponder
        self.mode = mode
        self.players = players
    }

    init(_ coordinator: Coordinator) {
        let registry = coordinator.dispatcher.registry
        if let app = registry.nowPlaying(at: coordinator.now) {
            nowPlaying = registry.player(of: app)?.busName ?? app.rawValue
        } else {
            nowPlaying = ""
        }
        firstResponder = registry.firstResponder
        mode = registry.mode
        players = registry.players.map { PlayerSummary(name: $0.player.busName, status: $0.player.status, receiving: $0.receiving) }
    }

    func changes(since old: PublishedState) -> [MemberName] {
        var names: [MemberName] = []
        if nowPlaying != old.nowPlaying { names.append(MediaRemoteMembers.nowPlaying) }
        if firstResponder != old.firstResponder { names.append(MediaRemoteMembers.firstResponder) }
        if mode != old.mode { names.append(MediaRemoteMembers.mode) }
        if players != old.players { names.append(MediaRemoteMembers.players) }
        return names
    }

    // The values as the bus carries them.

    var nowPlayingValue: Value { .string(nowPlaying) }

    var firstResponderValue: Value {
        guard let responder = firstResponder, let path = try? ObjectPath(responder.path) else {
            return .structure([.string(""), .objectPath(.root)])
        }
        return .structure([.string(responder.app.rawValue), .objectPath(path)])
    }

    var playersValue: Value {
        .array(
            .structure([.string, .string, .boolean]),
            players.map { .structure([.string($0.name), .string($0.status.rawValue), .boolean($0.receiving)]) })
    }
}
