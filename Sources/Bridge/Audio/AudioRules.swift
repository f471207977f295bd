import Core
import Time

/// The rules as the audio follower sees them (``AudioFollower``): what it reads of them, and
/// the two things it tells them. The coordinator answers for them; nothing else of it is
/// reachable from here.
protocol AudioRules: AnyObject {
    /// The rules' state now, to read (who is Now Playing, each player, what it was told).
    var registry: Registry { get }
    var now: MonotonicInstant { get }
    /// Whether an output going away pauses who was heard through it (`players.pause_on_route_loss`).
    var pausesOnRouteLoss: Bool { get }
    /// What the audio server shows changed: each player whose audibility is not what the rules
    /// hold, with the new one, told in one change.
    func audibilityChanged(_ changes: [(AppID, Audibility)])
    /// Sends `event` up `app`'s chain alone (a route's pause).
    func dispatch(_ event: Event, to app: AppID)
}
