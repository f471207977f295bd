import Audio
import AudioModel
import Core

/// Who is paused when an output goes away: every app heard through it that says Playing, Now
/// Playing first, as iOS tells every app on the route and Android broadcasts BECOMING_NOISY to
/// all, so that nothing heard on headphones starts sounding from the speakers. Pure.
enum RouteLoss {
    /// The apps to pause, in order: Now Playing first if it was heard through the output and
    /// plays (or has no player: its responders decide), then the others heard through it that
    /// say Playing, by name.
    static func appsToPause(heardThrough: Set<AppID>, nowPlaying: AppID?, isPlaying: (AppID) -> Bool?) -> [AppID] {
        var first: [AppID] = []
        if let nowPlaying, heardThrough.contains(nowPlaying), isPlaying(nowPlaying) != false { first = [nowPlaying] }
        let others = heardThrough.subtracting(first).filter { isPlaying($0) == true }.sorted()
        return first + others
    }

    /// The apps heard through a sink that was removed: those with a stream on it, as last seen.
    static func heardThrough(removed streams: [AudioStream], matches: [AppID: [StreamMatch]]) -> Set<AppID> {
        let there = Set(streams.map(\.id))
        return Set(matches.filter { $0.value.contains { there.contains($0.stream.id) } }.keys)
    }

    /// The apps heard through headphones pulled out of a jack of sound card `jackCard`: Now
    /// Playing unless it is known to play elsewhere (``JackRoute``), and each other app known to
    /// play to a sink of that card.
    static func heardThrough(jackCard: Int?, nowPlaying: AppID?, sinksOf: [AppID: [AudioSink]]) -> Set<AppID> {
        var apps = Set(sinksOf.filter { $0.value.contains { $0.alsaCard != nil && $0.alsaCard == jackCard } }.keys)
        if let nowPlaying, JackRoute.wasHeardThrough(jackCard: jackCard, nowPlayingSinks: sinksOf[nowPlaying] ?? []) {
            apps.insert(nowPlaying)
        }
        return apps
    }
}
