import DBusTypes
import Time

/// What the rules know that a restart of the service would otherwise forget: each player's
/// history (when it came, when it last started and stopped playing) and the pin (a player
/// paused by a remote-control event, or chosen by a person). Kept by the shell across restarts
/// (the service's state file), and recalled by ``Registry/recall(_:savedAt:)``.
///
/// A player is known by its app (its connection's unique name, never given to another
/// connection while the bus lives) and its well-known name: only the same player on the same
/// connection is recalled, so a player that quit and came back while no MediaRemote watched is
/// a new one.
public struct RulesMemory: Equatable, Sendable {
    public struct PlayerHistory: Equatable, Sendable {
        public var app: AppID
        public var busName: BusName
        /// Its status when the memory was taken: what it did since is told by what it is now.
        public var status: PlaybackStatus
        public var arrivedAt: MonotonicInstant
        public var lastStartedPlaying: MonotonicInstant?
        public var lastPlayed: MonotonicInstant?
        public var stoppedAfterPlaying: Bool

        public init(
            app: AppID, busName: BusName, status: PlaybackStatus, arrivedAt: MonotonicInstant,
            lastStartedPlaying: MonotonicInstant?, lastPlayed: MonotonicInstant?, stoppedAfterPlaying: Bool
        ) {
            (self.app, self.busName, self.status, self.arrivedAt) = (app, busName, status, arrivedAt)
            (self.lastStartedPlaying, self.lastPlayed, self.stoppedAfterPlaying) = (lastStartedPlaying, lastPlayed, stoppedAfterPlaying)
        }
    }

    /// In app order.
    public var players: [PlayerHistory]
    public var pin: NowPlayingPin?

    public init(players: [PlayerHistory], pin: NowPlayingPin?) {
        self.players = players.sorted { $0.app < $1.app }
        self.pin = pin
    }
}

/// A memory being recalled: the players not found yet, and the pin, until its player is found
/// (or another player is found to have started to play since).
struct Recall: Sendable {
    var players: [AppID: RulesMemory.PlayerHistory]
    var pin: NowPlayingPin?
    let savedAt: MonotonicInstant
}
