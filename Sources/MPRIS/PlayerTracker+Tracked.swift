import Core
import DBus
import DBusTypes

extension PlayerTracker {
    /// A player the tracker follows: what it has read and signalled of it.
    struct Tracked {
        var name: BusName
        var arrival: PlayerArrival
        var capabilities: PlayerCapabilities = .all
        var isReported = false
        var subscription: SignalSubscription?
        var seeked: SignalSubscription?
        /// The Player interface's properties as last read or signalled.
        var properties: [String: Value] = [:]
        /// How many times each property was signalled, so a value remembered from a write never
        /// hides one the player said since.
        var signalled: [String: Int] = [:]
        /// The root interface's properties (`Identity`, e.g. "VLC media player",
        /// `SupportedUriSchemes`, `SupportedMimeTypes`), read once.
        var rootProperties: [String: Value] = [:]
        /// Its properties could not be read (it answered nothing in time, twice): read again 5 s
        /// on, and when it next says a property changed, as a player still starting up does.
        var isUnread = false
    }
}
