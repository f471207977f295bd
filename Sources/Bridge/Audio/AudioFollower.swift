import Audio
import AudioModel
import Core
import DBus
import DBusTypes
import Loop
import SystemFiles
import Time

/// The audio server, followed so that Now Playing is who a person hears (docs/DESIGN.md, rule
/// 2): the server (``AudioServer``), its streams matched to the players (``PlayerSounds``, the
/// processes' parents read once), and what changes told to the rules as facts; the server's
/// D-Bus name watched so that one that starts is reached. It owns all of that; the rules see it
/// through ``AudioRules`` only.
final class AudioFollower: AudioServerDelegate {
    let server: AudioServer
    private(set) var sounds = PlayerSounds()
    private var processParents = ProcessParents()
    private var serverWatch: NameWatch?
    private let connection: Connection
    weak var rules: (any AudioRules)?

    /// PulseAudio and pipewire-pulse own this name on the session bus while they run.
    static let serverName: BusName = "org.pulseaudio.Server"

    init(connection: Connection) {
        self.connection = connection
        server = AudioServer(loop: connection.loop)
    }

    /// Connects to the audio server, and watches for one to come.
    func start() {
        server.delegate = self
        server.start()
        serverWatch = connection.watchNameOwner(Self.serverName) { [unowned self] owner in
            if owner != nil { self.server.serverMayBeThere() }
        }
    }

    func audioServer(_ server: AudioServer, isConnected: Bool, _ description: String) {
        if isConnected {
            Log.info("audio server: \(description); Now Playing prefers the player that is heard")
        } else {
            Log.info("audio server: \(description); Now Playing follows what players say until one is there")
        }
        tellChanges()
    }

    func audioServerChanged(_ server: AudioServer) {
        tellChanges()
    }

    /// A player appeared: what is heard now, for the rules to take with the appearance in one
    /// change, so a player that says Playing and is silent while another is heard never
    /// flickers through Now Playing. Its process is asked for once the rules know it (``identify(_:_:)``).
    func playerAppearing(_ app: AppID) -> [(AppID, Audibility)] {
        sounds.expect(app)
        return changes()
    }

    /// Asks the bus for a player's process (the rules know the player now: its answer is kept
    /// only while they do), then matches again.
    func identify(_ app: AppID, _ name: BusName) {
        connection.processID(of: app.busName) { [weak self] pid in
            guard let self, self.rules?.registry.player(of: app) != nil else { return }
            let identity = PlayerIdentity(
                processID: pid, flatpakAppID: pid.flatMap(ProcessTree.flatpakAppID(of:)), name: Self.shortName(of: name))
            self.sounds.identify(app, as: identity)
            self.tellChanges()
        }
    }

    /// `mpv` for `org.mpris.MediaPlayer2.mpv.instance42`.
    static func shortName(of name: BusName) -> String {
        let prefix = "org.mpris.MediaPlayer2."
        let rest = name.rawValue.hasPrefix(prefix) ? name.rawValue.dropFirst(prefix.count) : Substring(name.rawValue)
        return String(rest.prefix { $0 != "." })
    }

    /// The player of `app` left: nothing of it is kept.
    func forget(_ app: AppID) {
        sounds.forget(app)
    }

    /// Each player whose audibility differs from what the rules hold, with the new one.
    private func changes() -> [(AppID, Audibility)] {
        defer { processParents.forgetUnused() }
        guard let registry = rules?.registry else { return [] }
        return sounds.update(
            connected: server.isConnected, streams: Array(server.streams.values), clients: server.clients,
            told: { registry.audibility(of: $0) }
        ) { [unowned self] pid in
            self.processParents.parent(of: pid)
        }
    }

    private func tellChanges() {
        let changes = changes()
        if !changes.isEmpty { rules?.audibilityChanged(changes) }
    }

    /// What `mediaremotectl players` shows of a player's sound: each stream matched to it, how.
    func describeStreams(of app: AppID) -> [String] {
        (sounds.matches[app] ?? []).map { match in
            let stream = match.stream
            let sink = stream.sink.flatMap { server.sinks[$0] }.map { " on \($0.displayName)" } ?? ""
            let state = stream.isAudible ? "audible" : !stream.isRunning ? "corked" : stream.isMuted ? "muted" : "at zero volume"
            return "stream \(stream.id) \"\(stream.mediaName ?? stream.applicationName ?? "")\"\(sink): \(state); matched by \(match.how)"
        }
    }

    /// The entries kept per player, for leak checks.
    var bookkeeping: Int { sounds.bookkeeping }
}
