import DBusTypes

extension DescribePlayersReply {
    /// One player, an `a{sv}` dictionary on the bus.
    public struct Player: DBusConvertible, Hashable, Sendable {
        /// Its well-known name, `org.mpris.MediaPlayer2.…`.
        public var name: BusName
        /// Its connection's unique name; nil for the last player once it has quit (``isLastPlayer``).
        public var app: BusName?
        /// Its `PlaybackStatus`: `Playing`, `Paused` or `Stopped`.
        public var status: String
        public var receiving: Bool
        /// The true ones of `CanControl`, `CanPlay`, `CanPause`, `CanGoNext`, `CanGoPrevious`, `CanSeek`.
        public var capabilities: [String]
        /// When it last started playing (CLOCK_MONOTONIC, µs); nil when never seen starting.
        public var lastStartedPlaying: UInt64?
        public var isNowPlaying: Bool
        /// Why it is or is not Now Playing, as a sentence.
        public var reason: String
        /// What the audio server says of its sound: `audible`, `silent` or `unknown` (no
        /// audio server, or an audible stream nobody could match may be its); "" for an ignored player.
        public var sound: String
        /// The audio server's streams matched to it, a phrase each: which, where, heard or not,
        /// and how it was matched.
        public var streams: [String]
        /// The player MediaRemote remembers as Now Playing last: a play or play/pause with no
        /// player on the bus launches it (issue 37). Listed even after it quit, with no app.
        public var isLastPlayer: Bool

        public init(
            name: BusName, app: BusName?, status: String, receiving: Bool, capabilities: [String], lastStartedPlaying: UInt64?,
            isNowPlaying: Bool, reason: String, sound: String = "", streams: [String] = [], isLastPlayer: Bool = false
        ) {
            (self.name, self.app, self.status, self.receiving, self.capabilities) = (name, app, status, receiving, capabilities)
            (self.lastStartedPlaying, self.isNowPlaying, self.reason) = (lastStartedPlaying, isNowPlaying, reason)
            (self.sound, self.streams, self.isLastPlayer) = (sound, streams, isLastPlayer)
        }

        public static var dbusType: SignatureType { [String: Value].dbusType }

        /// "Never seen starting" is 0 on the bus, no app "".
        public var dbusValue: Value {
            .stringVariantDictionary([
                ("name", name.dbusValue), ("app", (app?.rawValue ?? "").dbusValue), ("status", status.dbusValue), ("receiving", receiving.dbusValue),
                ("capabilities", capabilities.dbusValue), ("last_started_playing", (lastStartedPlaying ?? 0).dbusValue),
                ("now_playing", isNowPlaying.dbusValue), ("reason", reason.dbusValue), ("sound", sound.dbusValue),
                ("streams", streams.dbusValue), ("last_player", isLastPlayer.dbusValue),
            ])
        }

        public init(dbusValue: Value) throws(DBusError) {
            let field = try FieldReader(dictionary: dbusValue, of: "a player")
            (name, status, receiving) = (try field("name"), try field("status"), try field("receiving"))
            let app: String = try field("app")
            self.app = app.isEmpty ? nil : try BusName(app)
            capabilities = try field("capabilities")
            let started: UInt64 = try field("last_started_playing")
            lastStartedPlaying = started == 0 ? nil : started
            (isNowPlaying, reason) = (try field("now_playing"), try field("reason"))
            (sound, streams) = (try field("sound"), try field("streams"))
            isLastPlayer = try field("last_player")
        }
    }
}
