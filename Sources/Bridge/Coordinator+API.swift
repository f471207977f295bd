import Config
import Core
import DBus
import DBusTypes
import Input
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
            let subtype = try Coordinator.subtype(name)
            guard subtype.type == .remoteControl else {
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
        return [.string(player.busName)]
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

    /// Every tracked player with what `mediaremotectl players` shows: its app, status,
    /// capabilities, receiving, when it last started playing (µs, CLOCK_MONOTONIC; 0 when
    /// never seen starting) and why it is or is not Now Playing.
    func describePlayers(_ call: MethodCall) throws -> [Value] {
        let registry = dispatcher.registry
        let names: [(PlayerCapabilities, String)] = [
            (.control, "CanControl"), (.play, "CanPlay"), (.pause, "CanPause"), (.goNext, "CanGoNext"),
            (.goPrevious, "CanGoPrevious"), (.seek, "CanSeek"),
        ]
        let players: [Value] = registry.players.map { app, player, receiving in
            .stringVariantDictionary([
                ("name", .string(player.busName)), ("app", .string(app.rawValue)), ("status", .string(player.status.rawValue)),
                ("receiving", .boolean(receiving)),
                ("capabilities", .array(.string, names.filter { player.capabilities.contains($0.0) }.map { .string($0.1) })),
                ("last_started_playing", .uint64(registry.lastStartedPlaying(of: app) ?? 0)),
                ("now_playing", .boolean(registry.nowPlaying(at: now) == app)),
                ("reason", .string(registry.nowPlayingReason(for: app, at: now))),
            ])
        }
        return [.array(.dictionary(key: .string, value: .variant), players)]
    }

    /// What `mediaremotectl status` shows beyond the properties: the chain a remote-control
    /// event would take now (or why it would be discarded), the receiving apps, the claims.
    /// Each link is a dictionary a client can read without parsing prose: kind (responder,
    /// player or shake_action), bus_name and path (where it is delivered), app (the unique
    /// name of the app it belongs to) and, for a shake action only, action.
    func describeState(_ call: MethodCall) throws -> [Value] {
        let registry = dispatcher.registry
        let (links, reason) = dispatcher.remoteControlChain(at: now)
        let chain: [Value] = links.map { link in
            let address = ObjectAddress(link)
            let (kind, action): (String, [(String, Value)]) =
                switch link {
                case .responder: ("responder", [])
                case .player: ("player", [])
                case .shakeAction(let action, _, _): ("shake_action", [("action", .string(action.rawValue))])
                }
            return .stringVariantDictionary(
                [("kind", .string(kind)), ("bus_name", .string(address.busName)), ("app", .string(link.app.rawValue)), ("path", .objectPath(address.path))]
                    + action)
        }
        return [
            .stringVariantDictionary([
                ("chain", .array(.dictionary(key: .string, value: .variant), chain)),
                ("chain_discarded", .string(links.isEmpty ? reason.rawValue : "")),
                ("now_playing_reason", .string(registry.whyNowPlaying(at: now) ?? "")),
                ("receiving", .array(.string, registry.receivingApps.map { .string($0.rawValue) })),
                ("motion_claims", .dictionary(
                    key: .string, value: .uint32,
                    registry.motionClaims.sorted { $0.key < $1.key }.map { .init(.string($0.key.rawValue), .uint32(UInt32($0.value))) })),
            ])
        ]
    }

    /// Every input device seen: path, name, class, whether it is read, and why not.
    func describeDevices(_ call: MethodCall) throws -> [Value] {
        let devices: [Value] = (input?.devices ?? []).map {
            .structure([.string($0.path), .string($0.name), .string($0.classification.rawValue), .boolean($0.isRead), .string($0.reason)])
        }
        return [.array(.structure([.string, .string, .string, .boolean, .string]), devices)]
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
