import Config
import Core
import DBus
import DBusTypes
import MediaRemoteAPI

/// The bridge's methods, for the calling connection only: nobody acts for another app.
/// Each takes its arguments and gives its reply as the contract's types (BridgeInterface).
extension Coordinator {
    static func caller(_ sender: BusName?) throws(DBusError) -> AppID {
        guard let sender else { throw .invalidArgs("the call has no sender") }
        return AppID(sender)
    }

    func beginReceiving(_ app: AppID) -> NoArguments {
        change { $0.registry.beginReceiving(app, at: router.now) }
        return NoArguments()
    }

    func endReceiving(_ app: AppID) -> NoArguments {
        change { $0.registry.endReceiving(app) }
        return NoArguments()
    }

    /// Succeeds for an object of the caller's own that implements Responder1, checked by
    /// introspecting it: the caller cannot name another app's object, since the call goes to
    /// the caller's own connection.
    func becomeFirstResponder(_ path: ObjectPath, of app: AppID, call: TypedCall<Success>) throws(DBusError) {
        let responder = ResponderAddress(app: app, path: path)
        // Refused before the check costs a call, and again after it (others may have landed).
        try DBusError.from { () throws(CoreError) in try router.registry.checkCanPush(responder) }
        let pending = pendingPushes[app, default: 0]
        guard pending < router.registry.limits.pendingPushesPerApp else {
            throw DBusError(MediaRemoteNames.limitExceeded,
                            "you have \(pending) BecomeFirstResponder calls still being checked, the most one connection may have; wait for their answers")
        }
        pendingPushes[app] = pending + 1
        connection.call(
            StandardMembers.introspect, NoArguments(), destination: app.busName, path: path, interface: .introspectable,
            timeout: rules.responderTimeout
        ) { [weak self] result in
            guard let self else { return }
            let left = (self.pendingPushes[app] ?? 1) - 1
            self.pendingPushes[app] = left > 0 ? left : nil
            let notResponder = DBusError.invalidArgs(
                "\(path) on your connection does not implement \(MediaRemoteNames.responderInterface); export it there first")
            switch result {
            case .success(let xml):
                guard IntrospectionDocument(xml.content).declares(MediaRemoteNames.responderInterface.rawValue) else {
                    return call.fail(notResponder)
                }
                do throws(CoreError) {
                    try self.change { (dispatcher) throws(CoreError) in
                        try dispatcher.registry.becomeFirstResponder(responder, at: self.router.now)
                    }
                    call.reply(Success(true))
                } catch {
                    call.fail(DBusError(error))
                }
            case .failure(let error) where error.name == .unreadableReply:
                // Its introspection does not read as XML: it is no Responder1 object.
                call.fail(notResponder)
            case .failure(let error) where error.name == .unknownObject || error.name == .unknownMethod:
                call.fail(.invalidArgs("there is no object at \(path) on your connection"))
            case .failure(let error):
                // Not reachable in time: it cannot become first responder now. A client blocked
                // in its own call (busctl, a blocking library) cannot answer the check: said.
                Log.info("\(app) asked to make \(path) first responder, but did not answer the check of it (\(error.clause)): "
                    + "not pushed; a client must answer calls (run its main loop) while it waits")
                call.reply(Success(false))
            }
        }
    }

    func resignFirstResponder(_ path: ObjectPath, of app: AppID) -> Success {
        var resigned = false
        change { resigned = $0.registry.resignFirstResponder(ResponderAddress(app: app, path: path)) }
        return Success(resigned)
    }

    func sendRemoteControlEvent(_ name: String, call: TypedCall<SendRemoteControlEventReply>) throws(DBusError) {
        let subtype = try RemoteControlSubtype(parsing: name)
        dispatch(.remoteControl(subtype, at: router.now, from: .api)) { outcome in
            let outcome = EventDispatched.Outcome(outcome)
            call.reply(SendRemoteControlEventReply(handledBy: outcome.handledBy, unansweredBy: outcome.unansweredBy))
        }
    }

    /// A whole simulated shake, began then ended, as the iOS Simulator's Shake Gesture.
    func simulateMotion(_ name: String, call: TypedCall<NoArguments>) throws(DBusError) {
        // Not parsed as any subtype first: a word that is none would be told the remote-control ones.
        guard name == EventSubtype.shake.rawValue else {
            throw DBusError.invalidArgs("'\(Quote.text(name))' is not a motion subtype; the only one is 'shake'")
        }
        dispatch(.motion(.began, at: router.now, from: .simulated)) { [weak self] _ in
            guard let self else { return }
            self.dispatch(.motion(.ended, at: self.router.now, from: .simulated)) { _ in call.reply() }
        }
    }

    /// A person's choice (`Shift`, `Unshift`): Now Playing moves along the line until another
    /// player starts to play. Answers with the player chosen.
    func shift(by offset: Int) throws(DBusError) -> ShiftReply {
        let chosen = change { $0.registry.shift(by: offset, at: router.now) }
        guard let chosen, let player = router.registry.player(of: chosen) else {
            throw DBusError(MediaRemoteNames.noPlayer, "no receiving app has a player; there is nothing to move Now Playing to")
        }
        Log.info("\(offset > 0 ? "shift" : "unshift"): a person chose \(player.busName)")
        return ShiftReply(nowPlaying: player.busName)
    }

    func claimMotion(_ app: AppID) throws(DBusError) -> NoArguments {
        try DBusError.from { () throws(CoreError) in
            try change { (dispatcher) throws(CoreError) in try dispatcher.registry.claimMotion(app, at: router.now) }
        }
        return NoArguments()
    }

    func releaseMotion(_ app: AppID) throws(DBusError) -> NoArguments {
        var released = false
        change { released = $0.registry.releaseMotion(app) }
        guard released else {
            throw DBusError.invalidArgs("you hold no motion claim to release (a claim is its connection's, and ends with it)")
        }
        return NoArguments()
    }

}
