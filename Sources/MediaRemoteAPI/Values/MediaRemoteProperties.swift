import DBusTypes

/// The properties of `org.mediaremote.MediaRemote1`: each one's value as the daemon publishes it
/// (``versionValue`` …), and all of them as `GetAll` answers, read back with ``init(arguments:)``.
public struct MediaRemoteProperties: MessageBody, Hashable, Sendable {
    /// The running service's version, e.g. "0.1.0".
    public var version: String
    /// The Now Playing app: its player's well-known name, or its unique name when it has no
    /// player; nil when there is none.
    public var nowPlaying: String?
    /// The first responder's connection and object; nil when there is none.
    public var firstResponder: ObjectAddress?
    /// `compat` or `strict`.
    public var mode: String
    /// Every MPRIS player tracked, sorted by name.
    public var players: [Player]

    public init(version: String, nowPlaying: String?, firstResponder: ObjectAddress?, mode: String, players: [Player]) {
        (self.version, self.nowPlaying, self.firstResponder, self.mode, self.players) = (version, nowPlaying, firstResponder, mode, players)
    }

    // Each property as the bus carries it; none is "", and no first responder ("", "/").

    public var versionValue: Value { version.dbusValue }
    public var nowPlayingValue: Value { (nowPlaying ?? "").dbusValue }
    public var firstResponderValue: Value {
        let (busName, path) = ObjectAddress.parts(firstResponder)
        return ObjectAddress(busName: busName, path: path).dbusValue
    }
    public var modeValue: Value { mode.dbusValue }
    public var playersValue: Value { players.dbusValue }

    /// `GetAll`'s reply: one dictionary, property name to value.
    public static let fields = [Field("properties", [String: Value].self)]

    public var arguments: [Value] {
        [
            .stringVariantDictionary([
                (MediaRemoteMembers.version.rawValue, versionValue), (MediaRemoteMembers.nowPlaying.rawValue, nowPlayingValue),
                (MediaRemoteMembers.firstResponder.rawValue, firstResponderValue), (MediaRemoteMembers.mode.rawValue, modeValue),
                (MediaRemoteMembers.players.rawValue, playersValue),
            ])
        ]
    }

    public init(arguments: [Value]) throws(DBusError) {
        let reply = try FieldReader(arguments, Self.fields, of: "the GetAll reply")
        let property = FieldReader(try reply("properties", as: [String: Value].self), of: "the GetAll reply")
        version = try property(MediaRemoteMembers.version.rawValue)
        let nowPlaying: String = try property(MediaRemoteMembers.nowPlaying.rawValue)
        self.nowPlaying = nowPlaying.isEmpty ? nil : nowPlaying
        let responder: ObjectAddress = try property(MediaRemoteMembers.firstResponder.rawValue)
        firstResponder = try ObjectAddress.read(busName: responder.busName, path: responder.path, of: "the FirstResponder property")
        mode = try property(MediaRemoteMembers.mode.rawValue)
        players = try property(MediaRemoteMembers.players.rawValue)
    }
}
