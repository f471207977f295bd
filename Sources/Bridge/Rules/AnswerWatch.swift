import Core
import DBus
import DBusTypes
import MPRIS
import Time

/// Waits for apps that did not answer an event to answer again: one call to each, left pending
/// until it is answered, so that an app that wakes (a player resumed after `kill -STOP`, a
/// main loop free again) is back at once, and waiting costs no wakeup but the call's renewal.
///
/// The call takes the way events take where it can: a player is asked its `PlaybackStatus`,
/// which its library hands to the thread that serves its MPRIS object; `Peer.Ping`, which GDBus
/// answers from its own worker thread even while the app's main loop is stuck, only where there
/// is no player to ask.
final class AnswerWatch {
    /// How long one call waits before it is sent again: a hung app costs a wakeup this often.
    static let renewal = Duration.seconds(30)

    private let connection: Connection
    private var pending: [AppID: PendingCall] = [:]
    /// Told when an app answered (a reply, or any error but no reply: an error is an answer).
    var onAnswer: ((AppID) -> Void)?

    init(connection: Connection) {
        self.connection = connection
    }

    /// Waits for `app` to answer (once: a wait under way goes on).
    func watch(_ app: AppID, hasPlayer: Bool) {
        guard pending[app] == nil else { return }
        let reply: (DBusError?) -> Void = { [weak self] error in
            guard let self else { return }
            self.pending[app] = nil
            if let error, Dispatch.Answer(failure: error) == .noAnswer {
                self.watch(app, hasPlayer: hasPlayer)
            } else {
                self.onAnswer?(app)
            }
        }
        if hasPlayer {
            pending[app] = connection.call(
                StandardMembers.get, PropertyAddress(MPRISNames.player, MPRISMembers.playbackStatus.name), destination: app.busName,
                path: MPRISNames.path, interface: .properties, timeout: Self.renewal
            ) { reply($0.failure) }
        } else {
            pending[app] = connection.call(
                StandardMembers.ping, NoArguments(), destination: app.busName, path: .root, interface: .peer, timeout: Self.renewal
            ) { reply($0.failure) }
        }
    }

    /// `app` left the bus: no more waiting for it.
    func forget(_ app: AppID) {
        pending.removeValue(forKey: app)?.cancel()
    }

    /// How many apps are waited for, for leak checks.
    var bookkeeping: Int { pending.count }
}

extension Result {
    /// The error, if it failed.
    var failure: Failure? { if case .failure(let error) = self { error } else { nil } }
}
