import Audio
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

    /// An output went away: if Now Playing played through it (one of its streams did, as last
    /// seen), it is paused, with a `pause` of source `route` through the rules and the chain like
    /// any other event (so it stays Now Playing, and plugging back in resumes nothing). A
    /// person moving a stream to another output removes no sink: nothing is paused.
    func audioServer(_ server: AudioServer, removed sink: AudioSink, streams: [AudioStream], deviceGone: Bool) {
        guard let app = router.registry.nowPlaying(at: router.now) else { return }
        let playedThere = Set(streams.map(\.id))
        guard sounds.matches[app]?.contains(where: { playedThere.contains($0.stream.id) }) == true else { return }
        guard deviceGone else {
            // A profile change (a Bluetooth headset taking its headset profile for a call, a card
            // switched from analog to HDMI): the device is still there.
            return Log.info("output \(sink.displayName) was replaced, its device still there (a profile change); not pausing")
        }
        routeLost("output \(sink.displayName)", at: MonotonicClock.now)
    }

    /// Headphones pulled out of a jack: Now Playing is paused, unless the audio server shows it
    /// plays elsewhere (its streams all on sinks of other sound cards, a Bluetooth headset, …).
    /// Where that cannot be told (no server, no stream matched, a jack of no known card), the
    /// pause goes as for any output gone.
    func headphonesUnplugged(from device: String, card: Int?, at time: MonotonicInstant) {
        let app = router.registry.nowPlaying(at: router.now)
        let sinks = app.flatMap { sounds.matches[$0] }?.compactMap { $0.stream.sink.flatMap { audio.sinks[$0] } } ?? []
        guard JackRoute.wasHeardThrough(jackCard: card, nowPlayingSinks: sinks) else {
            return Log.info("headphones pulled out of \(device); Now Playing plays elsewhere (\(sinks.map(\.displayName).joined(separator: ", "))): not pausing")
        }
        routeLost("headphones (pulled out of \(device))", at: time)
    }

    /// The output Now Playing is heard through went away (`what`, in words): Now Playing is
    /// paused, unless `players.pause_on_route_loss` is off, and said in the log either way. A
    /// player that is not playing is left alone; an app with no player (one registered over
    /// D-Bus only) gets the pause, and its responders decide, as iOS tells every app of a route
    /// change.
    func routeLost(_ what: String, at time: MonotonicInstant) {
        let registry = router.registry
        guard let app = registry.nowPlaying(at: router.now) else { return }
        let player = registry.player(of: app)
        if let player, player.status != .playing { return }
        let name = player?.busName ?? app.busName
        guard options.pauseOnRouteLoss else {
            return Log.info("\(what) went away while \(name) was Now Playing; not pausing it (players.pause_on_route_loss)")
        }
        Log.info("\(what) went away while \(name) was Now Playing: pausing it")
        dispatch(.remoteControl(.pause, at: time, from: .route))
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
