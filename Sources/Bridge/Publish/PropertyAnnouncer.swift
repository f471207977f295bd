import DBus
import DBusTypes
import MediaRemoteAPI
import SystemFiles

/// Announces the bridge object's properties as they change: `PropertiesChanged` with what
/// differs from what was last announced, and a log line when Now Playing moves.
final class PropertyAnnouncer {
    private let connection: Connection
    /// What was last announced; nil before the first state, which is announced by being there.
    private var announced: PublishedState?

    init(connection: Connection) {
        self.connection = connection
    }

    func announce(_ current: PublishedState) {
        let nowPlaying = current.properties.nowPlaying
        if nowPlaying != (announced ?? .empty).properties.nowPlaying { Log.info("Now Playing: \(nowPlaying?.rawValue ?? "nobody")") }
        if let announced {
            let changed = current.changes(since: announced)
            if !changed.isEmpty {
                try? connection.emitPropertiesChanged(changed, of: MediaRemoteNames.interface, at: MediaRemoteNames.objectPath)
            }
        }
        announced = current
    }
}
