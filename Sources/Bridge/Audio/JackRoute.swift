import Audio
import AudioModel

/// Whether headphones pulled out of a jack were the way Now Playing was heard: the jack's sound
/// card against the sinks Now Playing's streams play to. Pure.
enum JackRoute {
    /// False only when it is known that Now Playing plays elsewhere: the jack's card is known,
    /// and every sink of its streams is known and of another card (a Bluetooth headset, another
    /// sound card). With nothing known (no server, no stream matched, no card), true: as for any
    /// output gone.
    static func wasHeardThrough(jackCard: Int?, nowPlayingSinks sinks: [AudioSink]) -> Bool {
        guard let jackCard, !sinks.isEmpty else { return true }
        return sinks.contains { $0.alsaCard == jackCard }
    }
}
