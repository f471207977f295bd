import DBusTypes

/// The properties of `org.mediaremote.MediaRemote1`: all of them as `GetAll` answers, read back
/// with ``init(arguments:)``, and ``published``, the one list of them that the daemon's table,
/// its change announcements and `GetAll`'s reply are each made from.
public struct MediaRemoteProperties: MessageBody, Hashable, Sendable {
    /// The running service's version, e.g. "0.1.0".
    public var version: String
    /// The Now Playing app: its player's well-known name, or its unique name when it has no
    /// player; nil when there is none.
    public var nowPlaying: BusName?
    /// The first responder's connection and object; nil when there is none.
    public var firstResponder: ObjectAddress?
    /// `compat` or `strict`.
    public var mode: String
    /// Every MPRIS player tracked, sorted by name.
    public var players: [Player]
    /// The configuration file the service reads (at start, and on each reload), whether or not
    /// it exists; nil when it reads none. A shell may see another file: this one is the service's.
    public var configurationFile: String?
    /// The directory whose `event*` nodes the service reads as input devices.
    public var inputDirectory: String

    public init(
        version: String, nowPlaying: BusName?, firstResponder: ObjectAddress?, mode: String, players: [Player],
        configurationFile: String?, inputDirectory: String
    ) {
        (self.version, self.nowPlaying, self.firstResponder, self.mode, self.players) = (version, nowPlaying, firstResponder, mode, players)
        (self.configurationFile, self.inputDirectory) = (configurationFile, inputDirectory)
    }

    /// One property: its name and type, whether it ever changes, and its value as the bus
    /// carries it (none is "", no first responder is ("", "/")).
    public struct Published: Sendable {
        public let name: MemberName
        public let type: SignatureType
        public let isConstant: Bool
        public let value: @Sendable (MediaRemoteProperties) -> Value
        /// Whether it differs between two states, compared as Swift values (not encoded).
        public let differs: @Sendable (MediaRemoteProperties, MediaRemoteProperties) -> Bool

        init<Content: Equatable & SendableMetatype>(
            _ property: TypedProperty<Content>, constant: Bool = false, _ read: @escaping @Sendable (MediaRemoteProperties) -> Content
        ) {
            (name, type, isConstant) = (property.name, Content.dbusType, constant)
            value = { read($0).dbusValue }
            differs = { read($0) != read($1) }
        }
    }

    /// Every property, in the XML's order.
    public static let published = [
        Published(MediaRemoteMembers.version, constant: true) { $0.version },
        Published(MediaRemoteMembers.nowPlaying) { $0.nowPlaying?.rawValue ?? "" },
        Published(MediaRemoteMembers.firstResponder) { ObjectAddress.OrNone($0.firstResponder) },
        Published(MediaRemoteMembers.mode) { $0.mode },
        Published(MediaRemoteMembers.players) { $0.players },
        Published(MediaRemoteMembers.configurationFile, constant: true) { $0.configurationFile ?? "" },
        Published(MediaRemoteMembers.inputDirectory, constant: true) { $0.inputDirectory },
    ]

    /// `GetAll`'s reply: one dictionary, property name to value.
    public static let fields = AllProperties.fields

    /// `GetAll` of the interface, read as these properties.
    public static let getAll = TypedMethod<InterfaceArgument, MediaRemoteProperties>(StandardMembers.getAll.name)

    public var arguments: [Value] {
        [.stringVariantDictionary(Self.published.map { ($0.name.rawValue, $0.value(self)) })]
    }

    public init(arguments: [Value]) throws(DBusError) {
        let property = FieldReader(try AllProperties(arguments: arguments).content, of: "the GetAll reply")
        func read<Content>(_ member: TypedProperty<Content>) throws(DBusError) -> Content { try property(member.name.rawValue) }
        version = try read(MediaRemoteMembers.version)
        let nowPlaying = try read(MediaRemoteMembers.nowPlaying)
        do {
            self.nowPlaying = try Self.nowPlaying(.string(nowPlaying))
        } catch {
            throw .invalidArgs("the GetAll reply's \(MediaRemoteMembers.nowPlaying.name): \(error.message)")
        }
        firstResponder = try read(MediaRemoteMembers.firstResponder).address
        mode = try read(MediaRemoteMembers.mode)
        players = try read(MediaRemoteMembers.players)
        let file = try read(MediaRemoteMembers.configurationFile)
        configurationFile = file.isEmpty ? nil : file
        inputDirectory = try read(MediaRemoteMembers.inputDirectory)
    }
}

extension MediaRemoteProperties {
    /// The `NowPlaying` property's value as a player's name: none is "".
    public static func nowPlaying(_ value: Value) throws(DBusError) -> BusName? {
        let name = try String(dbusValue: value)
        return name.isEmpty ? nil : try BusName(name)
    }
}
