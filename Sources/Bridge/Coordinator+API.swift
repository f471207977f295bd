import Config
import Core
import DBus
import DBusTypes
import MediaRemoteAPI

/// The bridge's methods, for the calling connection only: nobody acts for another app.
extension Coordinator {
    func caller(_ call: MethodCall) throws(DBusError) -> AppID {
        guard let sender = call.sender else { throw .invalidArgs("the call has no sender") }
        return AppID(sender.rawValue)
    }

    func beginReceiving(_ call: MethodCall) throws -> [Value] {
        let app = try caller(call)
        changeState { $0.registry.beginReceiving(app, at: now) }
        return []
    }

    func endReceiving(_ call: MethodCall) throws -> [Value] {
        let app = try caller(call)
        changeState { $0.registry.endReceiving(app) }
        return []
    }

    /// Succeeds for an object of the caller's own that implements Responder1, checked by
    /// introspecting it: the caller cannot name another app's object, since the call goes to
    /// the caller's own connection.
    func becomeFirstResponder(_ call: MethodCall) {
        do {
            let app = try caller(call)
            let path: ObjectPath = try call.argument(0)
            let responder = ResponderAddress(app: app, path: path.rawValue)
            // Refused before the check costs a call, and again after it (others may have landed).
            try DBusError.from { () throws(CoreError) in try dispatcher.registry.checkCanPush(responder) }
            let pending = pendingPushes[app, default: 0]
            guard pending < dispatcher.registry.limits.pendingPushesPerApp else {
                throw DBusError(MediaRemoteNames.limitExceeded,
                                "you have \(pending) BecomeFirstResponder calls still being checked, the most one connection may have; wait for their answers")
            }
            pendingPushes[app] = pending + 1
            connection.call(
                destination: try BusName(app.rawValue), path: path, interface: .introspectable, member: "Introspect",
                timeout: responderTimeout
            ) { [weak self] result in
                guard let self else { return }
                let left = (self.pendingPushes[app] ?? 1) - 1
                self.pendingPushes[app] = left > 0 ? left : nil
                switch result {
                case .success(let reply):
                    guard case .string(let xml)? = reply.arguments.first,
                        xml.contains("<interface name=\"\(MediaRemoteNames.responderInterface)\"")
                    else {
                        return call.fail(.invalidArgs(
                            "\(path) on your connection does not implement \(MediaRemoteNames.responderInterface); "
                                + "export it there first"))
                    }
                    do throws(CoreError) {
                        try self.changeState { (dispatcher) throws(CoreError) in
                            try dispatcher.registry.becomeFirstResponder(responder, at: self.now)
                        }
                        call.reply([.boolean(true)])
                    } catch {
                        call.fail(DBusError(error))
                    }
                case .failure(let error) where error.name == .unknownObject || error.name == .unknownMethod:
                    call.fail(.invalidArgs("there is no object at \(path) on your connection"))
                case .failure:
                    // Not reachable in time: it cannot become first responder now.
                    call.reply([.boolean(false)])
                }
            }
        } catch {
            call.fail(DBusError(describing: error))
        }
    }

    func resignFirstResponder(_ call: MethodCall) throws -> [Value] {
        let app = try caller(call)
        let path: ObjectPath = try call.argument(0)
        var resigned = false
        changeState { resigned = $0.registry.resignFirstResponder(ResponderAddress(app: app, path: path.rawValue)) }
        return [.boolean(resigned)]
    }

    func sendRemoteControlEvent(_ call: MethodCall) {
        do {
            let name: String = try call.argument(0)
            guard case .remoteControl(let subtype) = try Coordinator.subtype(name) else {
                throw DBusError.invalidArgs("'\(name)' is a motion subtype; use SimulateMotion")
            }
            dispatch(.remoteControl(subtype, at: now, from: .api)) { outcome in
                call.reply(SendRemoteControlEventReply(handledBy: EventDispatched.Outcome(outcome).handledBy).arguments)
            }
        } catch {
            call.fail(DBusError(describing: error))
        }
    }

    /// A whole simulated shake, began then ended, as the iOS Simulator's Shake Gesture.
    func simulateMotion(_ call: MethodCall) {
        do {
            let name: String = try call.argument(0)
            guard try Coordinator.subtype(name) == .shake else {
                throw DBusError.invalidArgs("'\(name)' is not a motion subtype; the only one is 'shake'")
            }
            dispatch(.motion(.began, at: now, from: .simulated)) { [weak self] _ in
                guard let self else { return }
                self.dispatch(.motion(.ended, at: self.now, from: .simulated)) { _ in call.reply() }
            }
        } catch {
            call.fail(DBusError(describing: error))
        }
    }

    /// A person's choice (`Shift`, `Unshift`): Now Playing moves along the line until another
    /// player starts to play. Answers with the player chosen.
    func shift(by offset: Int) throws -> [Value] {
        let chosen = changeState { $0.registry.shift(by: offset, at: now) }
        guard let chosen, let player = dispatcher.registry.player(of: chosen) else {
            throw DBusError(MediaRemoteNames.noPlayer, "no receiving app has a player; there is nothing to move Now Playing to")
        }
        Log.info("\(offset > 0 ? "shift" : "unshift"): a person chose \(player.busName)")
        return ShiftReply(nowPlaying: player.busName).arguments
    }

    func claimMotion(_ call: MethodCall) throws -> [Value] {
        let app = try caller(call)
        try DBusError.from { () throws(CoreError) in
            try changeState { (dispatcher) throws(CoreError) in try dispatcher.registry.claimMotion(app, at: now) }
        }
        return []
    }

    func releaseMotion(_ call: MethodCall) throws -> [Value] {
        let app = try caller(call)
        var released = false
        changeState { released = $0.registry.releaseMotion(app) }
        guard released else { throw DBusError.invalidArgs("you hold no motion claim to release") }
        return []
    }

    static func subtype(_ name: String) throws(DBusError) -> EventSubtype {
        do {
            return try EventSubtype(parsing: name)
        } catch {
            throw .invalidArgs(error.description)
        }
    }

    /// Reads the configuration file again; a broken one is refused with its problems and the
    /// configuration in use stays.
    func reload(_ call: MethodCall) throws -> [Value] {
        guard let reloadConfiguration else { throw DBusError.failed("MediaRemote is still starting") }
        if case .failure(let error) = reloadConfiguration() {
            throw DBusError(MediaRemoteNames.invalidConfiguration, "the configuration in use stays:\n\(error.description)")
        }
        return []
    }
}
