import Audio
import AudioModel
import Core
import DBusTypes
import Loop
import MediaRemoteAPI
import SystemFiles
import Time

/// An output going away pauses every player heard through it (``RouteLoss``): a sink removed
/// (a Bluetooth or USB headset) or headphones pulled out of a jack.
extension AudioFollower {
    /// A sink went away: each app with a stream on it (as last seen) that plays is paused. A
    /// person moving a stream to another output removes no sink: nothing is paused.
    func audioServer(_ server: AudioServer, removed sink: AudioSink, streams: [AudioStream], deviceGone: Bool) {
        let heard = RouteLoss.heardThrough(removed: streams, matches: sounds.matches)
        guard !heard.isEmpty else { return }
        guard deviceGone else {
            // A profile change (a Bluetooth headset taking its headset profile for a call, a card
            // switched from analog to HDMI): the device is still there.
            return Log.info("output \(sink.displayName) was replaced, its device still there (a profile change); not pausing")
        }
        routeLost("output \(sink.displayName)", heardThrough: heard, at: MonotonicClock.now)
    }

    /// Headphones pulled out of a jack: Now Playing is paused unless the audio server shows it
    /// plays elsewhere (its streams all on sinks of other sound cards, a Bluetooth headset, …),
    /// and so is every other player the server shows playing to the jack's card. Where that
    /// cannot be told (no server, no stream matched, a jack of no known card), Now Playing's
    /// pause goes as for any output gone.
    func headphonesUnplugged(from device: String, card: Int?, at time: MonotonicInstant) {
        guard let rules else { return }
        let sinksOf = sounds.matches.mapValues { $0.compactMap { $0.stream.sink.flatMap { server.sinks[$0] } } }
        let nowPlaying = rules.registry.nowPlaying(at: rules.now)
        let heard = RouteLoss.heardThrough(jackCard: card, nowPlaying: nowPlaying, sinksOf: sinksOf)
        if let nowPlaying, !heard.contains(nowPlaying) {
            let elsewhere = (sinksOf[nowPlaying] ?? []).map(\.displayName).joined(separator: ", ")
            Log.info("headphones pulled out of \(device); Now Playing plays elsewhere (\(elsewhere)): not pausing it")
        }
        routeLost("headphones (pulled out of \(device))", heardThrough: heard, at: time)
    }

    /// The output `what` (in words) went away: each app heard through it that plays is paused
    /// with a `pause` of source `route`, through the rules and its chain like any event (Now
    /// Playing first; it stays Now Playing, and plugging back in resumes nothing), unless
    /// `players.pause_on_route_loss` is off; said in the log either way. An app with no player
    /// (one registered over D-Bus only) that is Now Playing gets the pause too, and its
    /// responders decide, as iOS tells every app of a route change.
    private func routeLost(_ what: String, heardThrough heard: Set<AppID>, at time: MonotonicInstant) {
        guard let rules else { return }
        let registry = rules.registry
        let apps = RouteLoss.appsToPause(heardThrough: heard, nowPlaying: registry.nowPlaying(at: rules.now)) {
            registry.player(of: $0).map { $0.status == .playing }
        }
        guard !apps.isEmpty else { return }
        let names = apps.map { registry.player(of: $0)?.busName.rawValue ?? $0.busName.rawValue }.joined(separator: ", ")
        guard rules.pausesOnRouteLoss else {
            return Log.info("\(what) went away while \(names) played through it; not pausing (players.pause_on_route_loss)")
        }
        Log.info("\(what) went away while \(names) played through it: pausing \(apps.count == 1 ? "it" : "each")")
        for app in apps { rules.dispatch(.remoteControl(.pause, at: time, from: .route), to: app) }
    }
}
