/// How the bridge came to know of a player, which decides whether a player already `Playing`
/// has just started to play.
public enum PlayerArrival: Hashable, Sendable {
    /// Its name appeared on the bus while MediaRemote watched: it was just launched, and if it
    /// plays, it started to play now.
    case appeared
    /// It was on the bus already when MediaRemote looked (at start-up, or when a name stopped
    /// being ignored): when it started to play, nobody knows.
    case found
}
