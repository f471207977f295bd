import Audio
import AudioModel
import Core
import DBus
import DBusTypes
import Loop
import MediaRemoteAPI
import Time

/// The audio server, followed so that Now Playing is who a person hears (docs/DESIGN.md, rule
/// 2): its streams matched to the players, and what changes told to the rules as facts.
extension Coordinator: AudioServerDelegate {
    /// Connects to the audio server, and watches for one to come: PulseAudio and pipewire-pulse
    /// own `org.pulseaudio.Server` on the session bus while they run.
    func startFollowingAudio() {
        audio.delegate = self
        audio.start()
        audioServerWatch = connection.watchNameOwner(Self.audioServerName) { [unowned self] owner in
            if owner != nil { self.audio.serverMayBeThere() }
        }
    }

    static let audioServerName: BusName = "org.pulseaudio.Server"

    func audioServer(_ server: AudioServer, isConnected: Bool, _ description: String) {
        if isConnected {
            Log.info("audio server: \(description); Now Playing prefers the player that is heard")
        } else {
            Log.info("audio server: \(description); Now Playing follows what players say until one is there")
        }
        updateSounds()
    }

    func audioServerChanged(_ server: AudioServer) {
        updateSounds()
    }

    /// Asks the bus for a new player's process, to find its streams.
    func identifyPlayer(_ app: AppID, _ name: BusName) {
        connection.processID(of: app.busName) { [weak self] pid in
            guard let self, self.router.registry.player(of: app) != nil else { return }
            let identity = PlayerIdentity(
                processID: pid, flatpakAppID: pid.flatMap(ProcessTree.flatpakAppID(of:)), name: Self.shortName(of: name))
            self.sounds.identify(app, as: identity)
            self.updateSounds()
        }
    }

    /// `mpv` for `org.mpris.MediaPlayer2.mpv.instance42`.
    static func shortName(of name: BusName) -> String {
        let prefix = "org.mpris.MediaPlayer2."
        let rest = name.rawValue.hasPrefix(prefix) ? name.rawValue.dropFirst(prefix.count) : Substring(name.rawValue)
        return String(rest.prefix { $0 != "." })
    }

    func forgetSounds(of app: AppID) {
        sounds.forget(app)
    }

    /// Matches the streams again: each player whose audibility changed, with the new one.
    func soundChanges() -> [(AppID, Audibility)] {
        defer { processParents.forgetUnused() }
        let registry = router.registry
        return sounds.update(
            connected: audio.isConnected, streams: Array(audio.streams.values), clients: audio.clients,
            told: { registry.audibility(of: $0) }
        ) { [unowned self] pid in
            self.processParents.parent(of: pid)
        }
    }

    /// Matches the streams again and tells the rules what changed.
    func updateSounds() {
        let changes = soundChanges()
        guard !changes.isEmpty else { return }
        change { dispatcher in
            for (app, audibility) in changes { dispatcher.registry.audibilityChanged(app, to: audibility, at: router.now) }
        }
    }

    /// What `mediaremotectl players` shows of a player's sound: audible, silent or unknown, and
    /// each stream matched to it, how.
    func describeSound(of app: AppID) -> (audibility: String, streams: [String]) {
        let streams = (sounds.matches[app] ?? []).map { match in
            let stream = match.stream
            let sink = stream.sink.flatMap { audio.sinks[$0] }.map { " on \($0.displayName)" } ?? ""
            let state = stream.isAudible ? "audible" : !stream.isRunning ? "corked" : stream.isMuted ? "muted" : "at zero volume"
            return "stream \(stream.id) \"\(stream.mediaName ?? stream.applicationName ?? "")\"\(sink): \(state); matched by \(match.how)"
        }
        return (router.registry.audibility(of: app).rawValue, streams)
    }
}
