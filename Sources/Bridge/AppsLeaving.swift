import Core
import DBus
import DBusTypes

/// Apps leaving the bus: a connection that closes loses its unique name, and everything of that
/// app goes with it. Subscribed by the service before its name is taken, so a client that calls
/// as the name appears and leaves at once is seen leaving, its claims not kept; the coordinator,
/// made once the name is taken, is told from then on (``Coordinator/watchAppsLeaving(_:)``).
/// No signal is read before the loop runs, after both.
final class AppsLeaving {
    /// The app that left; set by the coordinator.
    var onLeave: ((AppID) -> Void)?
    private var subscription: SignalSubscription?

    init(connection: Connection) {
        subscription = connection.watchNameOwnerChanges { [unowned self] name, _, new in
            guard name.isUnique, new == nil else { return }
            self.onLeave?(AppID(name))
        }
    }
}
