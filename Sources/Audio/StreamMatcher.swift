import AudioModel

/// What MediaRemote knows of a player, to find its streams.
public struct PlayerIdentity: Hashable, Sendable {
    /// Its connection's process (`GetConnectionUnixProcessID`); nil when the bus could not tell.
    public var processID: Int32?
    /// Its Flatpak app id, when it runs in a sandbox (``ProcessTree/flatpakAppID(of:)``).
    public var flatpakAppID: String?
    /// The name it goes by: its MPRIS name's part after `org.mpris.MediaPlayer2.` up to the
    /// next dot (`mpv`, `vlc`, `firefox`). Only for the last resort.
    public var name: String

    public init(processID: Int32?, flatpakAppID: String? = nil, name: String) {
        self.processID = processID
        self.flatpakAppID = flatpakAppID
        self.name = name
    }
}

/// A stream matched to a player, and how.
public struct StreamMatch: Hashable, Sendable {
    public enum How: Hashable, Sendable, CustomStringConvertible {
        /// The stream's process is the player's.
        case process(StreamProcess.Source)
        /// The stream's process descends from the player's (a browser's audio service).
        case descendant(Int32, StreamProcess.Source)
        /// Both are the same Flatpak app: the sandbox's id on each side.
        case flatpakApp(String)
        /// Only the names agree: nothing else said whose the stream is.
        case name(String)

        public var description: String {
            switch self {
            case .process(let source): "its process (\(source.rawValue))"
            case .descendant(let pid, let source): "a child process of it, \(pid) (\(source.rawValue))"
            case .flatpakApp(let id): "its Flatpak app id, \(id)"
            case .name(let name): "the name \"\(name)\" only, as nothing else said whose it is"
            }
        }
    }

    public let stream: AudioStream
    public let how: How

    public init(stream: AudioStream, how: How) {
        self.stream = stream
        self.how = how
    }
}

/// Which player each stream is: by process (the stream's, or an ancestor of it, is the
/// player's), then by Flatpak app id, and by name only when the server says nothing of the
/// stream's process. Pure: the process tree comes as a function.
public enum StreamMatcher {
    public struct Result<Player: Hashable> {
        public var matches: [Player: [StreamMatch]] = [:]
        /// The streams no player was matched to.
        public var unmatched: [AudioStream] = []

        public init() {}
    }

    public static func match<Player: Hashable>(
        players: [Player: PlayerIdentity], streams: [AudioStream], clients: [UInt32: AudioClient], parent: (Int32) -> Int32?
    ) -> Result<Player> {
        var byProcess: [Int32: [Player]] = [:]
        for (player, identity) in players {
            if let pid = identity.processID { byProcess[pid, default: []].append(player) }
        }
        var result = Result<Player>()
        for stream in streams.sorted(by: { $0.id < $1.id }) {
            let client = stream.client.flatMap { clients[$0] }
            let found = matchByProcess(stream, client, byProcess, parent)
                ?? matchByFlatpak(stream, client, players)
                ?? matchByName(stream, client, players)
            guard let (owners, how) = found else {
                result.unmatched.append(stream)
                continue
            }
            // One process may export several players (a browser's tabs): the stream is each one's.
            for owner in owners { result.matches[owner, default: []].append(StreamMatch(stream: stream, how: how)) }
        }
        return result
    }

    private static func matchByProcess<Player>(
        _ stream: AudioStream, _ client: AudioClient?, _ byProcess: [Int32: [Player]], _ parent: (Int32) -> Int32?
    ) -> ([Player], StreamMatch.How)? {
        guard let process = StreamProcess(of: stream, client: client) else { return nil }
        for pid in ProcessTree.lineage(of: process.processID, parent: parent) {
            guard let owners = byProcess[pid] else { continue }
            return (owners, pid == process.processID ? .process(process.source) : .descendant(process.processID, process.source))
        }
        return nil
    }

    private static func matchByFlatpak<Player>(
        _ stream: AudioStream, _ client: AudioClient?, _ players: [Player: PlayerIdentity]
    ) -> ([Player], StreamMatch.How)? {
        guard let appID = stream.portalAppID ?? client?.portalAppID else { return nil }
        let owners = players.filter { $0.value.flatpakAppID == appID }.map(\.key)
        return owners.isEmpty ? nil : (owners, .flatpakApp(appID))
    }

    private static func matchByName<Player>(
        _ stream: AudioStream, _ client: AudioClient?, _ players: [Player: PlayerIdentity]
    ) -> ([Player], StreamMatch.How)? {
        guard StreamProcess(of: stream, client: client) == nil, let name = stream.applicationName?.lowercased(), !name.isEmpty else { return nil }
        let owners = players.filter { $0.value.name.lowercased() == name }.map(\.key)
        return owners.isEmpty ? nil : (owners, .name(name))
    }
}
