import Core
import DBus
import DBusTypes
import MediaRemoteAPI
import SystemFiles

/// BecomeFirstResponder's check that the object named is a responder: it is introspected on
/// the caller's own connection (so nobody can name another app's object), and must declare
/// Responder1. It owns the checks in flight, a bounded number per app (``Limits``).
final class ResponderChecks {
    /// What the check found.
    enum Verdict {
        /// The object declares Responder1: it may be pushed.
        case responder
        /// The app did not answer in time: not pushed, and the call answers false.
        case unanswered
        /// The call is refused with this error.
        case refused(DBusError)
    }

    private let connection: Connection
    /// The checks in flight, per app; an app with none has no entry.
    private var pending: [AppID: Int] = [:]

    init(connection: Connection) {
        self.connection = connection
    }

    /// Entries kept per app, for leak checks: none once every check has been answered.
    var bookkeeping: Int { pending.count }

    /// Introspects `path` on `app`'s connection, at most `limit` at once per app, each waiting
    /// `timeout`; `done` gets the verdict on the loop.
    func check(
        _ path: ObjectPath, of app: AppID, limit: Int, timeout: Duration, done: @escaping (Verdict) -> Void
    ) throws(DBusError) {
        let inFlight = pending[app, default: 0]
        guard inFlight < limit else {
            throw DBusError(MediaRemoteNames.limitExceeded,
                            "you have \(inFlight) BecomeFirstResponder calls still being checked, the most one connection may have; wait for their answers")
        }
        pending[app] = inFlight + 1
        connection.call(
            StandardMembers.introspect, NoArguments(), destination: app.busName, path: path, interface: .introspectable, timeout: timeout
        ) { [weak self] result in
            guard let self else { return }
            let left = (self.pending[app] ?? 1) - 1
            self.pending[app] = left > 0 ? left : nil
            done(Self.verdict(result, path: path, app: app))
        }
    }

    private static func verdict(_ result: Result<IntrospectionData, DBusError>, path: ObjectPath, app: AppID) -> Verdict {
        let notResponder = DBusError.invalidArgs(
            "\(path) on your connection does not implement \(MediaRemoteNames.responderInterface); export it there first")
        switch result {
        case .success(let xml):
            return IntrospectionDocument(xml.content).declares(MediaRemoteNames.responderInterface.rawValue) ? .responder : .refused(notResponder)
        case .failure(let error) where error.name == .unreadableReply:
            // Its introspection does not read as XML: it is no Responder1 object.
            return .refused(notResponder)
        case .failure(let error) where error.name == .unknownObject || error.name == .unknownMethod:
            return .refused(.invalidArgs("there is no object at \(path) on your connection"))
        case .failure(let error):
            // Not reachable in time: it cannot become first responder now. A client blocked in
            // its own call (busctl, a blocking library) cannot answer the check: said.
            Log.info("\(app) asked to make \(path) first responder, but did not answer the check of it (\(error.clause)): "
                + "not pushed; a client must answer calls (run its main loop) while it waits")
            return .unanswered
        }
    }
}
