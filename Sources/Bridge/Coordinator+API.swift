import Config
import Core
import DBus
import DBusTypes
import Input
import MediaRemoteAPI
import MPRIS
import SystemFiles

/// The bridge's methods, for the calling connection only: nobody acts for another app.
/// Each takes its arguments and gives its reply as the contract's types (BridgeInterface).
extension Coordinator {
    static func caller(_ sender: BusName?) throws(DBusError) -> AppID {
        guard let sender else { throw .invalidArgs("the call has no sender") }
        return AppID(sender)
    }

    func beginReceiving(_ app: AppID) -> NoArguments {
        rules.change { $0.registry.beginReceiving(app, at: now) }
        return NoArguments()
    }

    func endReceiving(_ app: AppID) -> NoArguments {
        rules.change { $0.registry.endReceiving(app) }
        return NoArguments()
    }

    /// Succeeds for an object of the caller's own that implements Responder1, checked by
    /// introspecting it: the caller cannot name another app's object, since the call goes to
    /// the caller's own connection.
    func becomeFirstResponder(_ path: ObjectPath, of app: AppID, call: TypedCall<Success>) throws(DBusError) {
        let responder = ResponderAddress(app: app, path: path)
        // Refused before the check costs a call, and again after it (others may have landed).
        try DBusError.from { () throws(CoreError) in try registry.checkCanPush(responder) }
        try responderChecks.check(path, of: app, limit: registry.limits.pendingPushesPerApp, timeout: rules.responderTimeout) { [weak self] verdict in
            guard let self else { return }
            switch verdict {
            case .refused(let error):
                call.fail(error)
            case .unanswered:
                call.reply(Success(false))
            case .responder:
                do throws(CoreError) {
                    try self.rules.change { (dispatcher) throws(CoreError) in
                        try dispatcher.registry.becomeFirstResponder(responder, at: self.now)
                    }
                    call.reply(Success(true))
                } catch {
                    call.fail(DBusError(error))
                }
            }
        }
    }

    func resignFirstResponder(_ path: ObjectPath, of app: AppID) -> Success {
        var resigned = false
        rules.change { resigned = $0.registry.resignFirstResponder(ResponderAddress(app: app, path: path)) }
        return Success(resigned)
    }

    func sendRemoteControlEvent(_ name: String, call: TypedCall<SendRemoteControlEventReply>) throws(DBusError) {
        let subtype = try RemoteControlSubtype(parsing: name)
        dispatch(.remoteControl(subtype, at: now, from: .api)) { outcome in
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
        dispatch(.motion(.began, at: now, from: .simulated)) { [weak self] _ in
            guard let self else { return }
            self.dispatch(.motion(.ended, at: self.now, from: .simulated)) { _ in call.reply() }
        }
    }

    /// A person's choice (`Shift`, `Unshift`): Now Playing moves along the line until another
    /// player starts to play. Answers with the player chosen.
    func shift(by offset: Int) throws(DBusError) -> ShiftReply {
        let chosen = rules.change { $0.registry.shift(by: offset, at: now) }
        guard let chosen, let player = registry.player(of: chosen) else {
            throw DBusError(MediaRemoteNames.noPlayer, "no receiving app has a player; there is nothing to move Now Playing to")
        }
        Log.info("\(offset > 0 ? "shift" : "unshift"): a person chose \(player.busName)")
        return ShiftReply(nowPlaying: player.busName)
    }

    func claimMotion(_ app: AppID) throws(DBusError) -> NoArguments {
        try DBusError.from { () throws(CoreError) in
            try rules.change { (dispatcher) throws(CoreError) in try dispatcher.registry.claimMotion(app, at: now) }
        }
        return NoArguments()
    }

    func releaseMotion(_ app: AppID) throws(DBusError) -> NoArguments {
        var released = false
        rules.change { released = $0.registry.releaseMotion(app) }
        guard released else {
            throw DBusError.invalidArgs("you hold no motion claim to release (a claim is its connection's, and ends with it)")
        }
        return NoArguments()
    }

    /// The bridge's properties as the rules' state makes them now.
    var publishedState: PublishedState {
        PublishedState(registry, at: now, configurationFile: reconfigurer.configurationFile, inputDirectory: options.input.directory)
    }

    func describePlayers() -> DescribePlayersReply {
        Describe.players(
            registry, at: now, streams: audio.describeStreams(of:), ignored: tracker.ignoredPlayers, resumption: rules.dispatcher.resumption)
    }

    func describeState() -> DescribeStateReply {
        Describe.state(rules.dispatcher, at: now)
    }

    func describeDevices() -> DescribeDevicesReply {
        Describe.devices(
            inputs.devices, accelerometers: inputs.accelerometers, wanters: Describe.motionWanters(rules.dispatcher),
            systemKeyboards: inputs.systemKeyboards?.standing, keyboards: inputs.systemKeyboards?.keyboards ?? [])
    }

    /// The `Reload` method: a broken file is refused with its problems and the configuration
    /// in use stays. Answers with the settings the command line's flags keep over the file's.
    func reload() throws(DBusError) -> ReloadReply {
        switch reconfigurer.reload() {
        case .failure(let error):
            throw DBusError(MediaRemoteNames.invalidConfiguration, "the configuration in use stays:\n\(error.description)")
        case .success(let kept):
            return ReloadReply(keptByFlags: kept)
        }
    }
}
