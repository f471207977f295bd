import Audio
import AudioModel
import Core

/// Which players are heard: the audio server's streams matched to the players. Pure: the
/// server's picture and the players' identities come in, each player's audibility and the
/// streams matched to it come out.
struct PlayerSounds {
    /// The players whose process is known (asked of the bus when each appears).
    private(set) var identities: [AppID: PlayerIdentity] = [:]
    /// Players whose process the bus is being asked for: judged as players never matched.
    private var unidentified: Set<AppID> = []
    /// Players a stream was ever matched to: with none of theirs audible they are silent,
    /// whatever else plays.
    private var everMatched: Set<AppID> = []
    private(set) var matches: [AppID: [StreamMatch]] = [:]

    /// A player appeared; its process is being asked for.
    mutating func expect(_ app: AppID) {
        if identities[app] == nil { unidentified.insert(app) }
    }

    mutating func identify(_ app: AppID, as identity: PlayerIdentity) {
        unidentified.remove(app)
        identities[app] = identity
    }

    /// The entries kept for players, in all four tables: 0 once every player has left.
    var bookkeeping: Int { identities.count + unidentified.count + everMatched.count + matches.count }

    mutating func forget(_ app: AppID) {
        unidentified.remove(app)
        identities[app] = nil
        everMatched.remove(app)
        matches[app] = nil
    }

    /// Matches again, and returns each player whose audibility differs from what the rules hold
    /// (`told`), with the new one. Disconnected, every player is unknown: the rules are what
    /// players say.
    mutating func update(
        connected: Bool, streams: [AudioStream], clients: [UInt32: AudioClient], told: (AppID) -> Audibility,
        parent: (Int32) -> Int32?
    ) -> [(AppID, Audibility)] {
        let result = connected
            ? StreamMatcher.match(players: identities, streams: streams, clients: clients, parent: parent)
            : StreamMatcher.Result<AppID>()
        matches = result.matches
        everMatched.formUnion(result.matches.keys)
        // An audible stream nobody is matched to may be any unmatched player's.
        let someoneUnmatchedHeard = result.unmatched.contains { $0.isAudible }
        var changes: [(AppID, Audibility)] = []
        for app in Set(identities.keys).union(unidentified).sorted() {
            let audibility: Audibility =
                if !connected {
                    .unknown
                } else if result.matches[app]?.contains(where: { $0.stream.isAudible }) == true {
                    .audible
                } else if everMatched.contains(app) || !someoneUnmatchedHeard {
                    .silent
                } else {
                    .unknown
                }
            if told(app) != audibility { changes.append((app, audibility)) }
        }
        return changes
    }
}
