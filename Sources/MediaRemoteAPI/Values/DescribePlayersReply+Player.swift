import DBusTypes

extension DescribePlayersReply {
    /// One player, an `a{sv}` dictionary on the bus.
    public struct Player: DBusConvertible, Hashable, Sendable {
        /// Its well-known name, `org.mpris.MediaPlayer2.…`.
        public var name: BusName
        /// Its connection's unique name.
        public var app: BusName
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

        public init(
            name: BusName, app: BusName, status: String, receiving: Bool, capabilities: [String], lastStartedPlaying: UInt64?,
            isNowPlaying: Bool, reason: String, sound: String = "", streams: [String] = []
        ) {
            (self.name, self.app, self.status, self.receiving, self.capabilities) = (name, app, status, receiving, capabilities)
            (self.lastStartedPlaying, self.isNowPlaying, self.reason) = (lastStartedPlaying, isNowPlaying, reason)
            (self.sound, self.streams) = (sound, streams)
        }

        public static var dbusType: SignatureType { [String: Value].dbusType }

        /// "Never seen starting" is 0 on the bus.
        public var dbusValue: Value {
            .stringVariantDictionary([
                ("name", name.dbusValue), ("app", app.dbusValue), ("status", status.dbusValue), ("receiving", receiving.dbusValue),
                ("capabilities", capabilities.dbusValue), ("last_started_playing", (lastStartedPlaying ?? 0).dbusValue),
                ("now_playing", isNowPlaying.dbusValue), ("reason", reason.dbusValue), ("sound", sound.dbusValue),
                ("streams", streams.dbusValue),
            ])
        }

        public init(dbusValue: Value) throws(DBusError) {
            let field = try FieldReader(dictionary: dbusValue, of: "a player")
            (name, app, status, receiving) = (try field("name"), try field("app"), try field("status"), try field("receiving"))
            capabilities = try field("capabilities")
            let started: UInt64 = try field("last_started_playing")
            lastStartedPlaying = started == 0 ? nil : started
            (isNowPlaying, reason) = (try field("now_playing"), try field("reason"))
            (sound, streams) = (try field("sound"), try field("streams"))
        }
    }
}
