import Core
import DBus
import DBusTypes
import MediaRemoteAPI
import MPRIS
import SystemFiles
import Time

/// The deliveries the dispatcher asks for (an MPRIS call, the shake action, a Responder1 call),
/// and each outcome logged and announced.
extension RulesShell {
    /// `timeout`: a player's own, instead of the usual (a player just launched to resume).
    func deliver(_ event: Event, to link: Link, timeout: Duration? = nil, answer: @escaping (Dispatch.Answer) -> Void) {
        switch link {
        case .player(let app, let player):
            // Only a remote-control event's chain has players (Dispatch asks no other).
            guard let subtype = event.remoteControlSubtype else { return answer(.declined) }
            delivery.deliver(subtype, to: app, player: player, timeout: timeout, answer: answer)
        case .shakeAction(let action, let app, let player):
            if let subtype = action.remoteControl {
                delivery.deliver(subtype, to: app, player: player, answer: answer)
            } else {
                delivery.toggleShuffle(of: app, player: player, current: host?.shuffle(of: app), answer: answer)
            }
        case .responder(let address):
            callResponder(address, event, answer: answer)
        }
    }

    /// `org.mediaremote.Responder1`: `RemoteControlReceived`, `MotionBegan`, `MotionEnded` or
    /// `MotionCancelled`, each a ``ResponderCall`` answered with a ``ResponderReply``.
    private func callResponder(_ address: ResponderAddress, _ event: Event, answer: @escaping (Dispatch.Answer) -> Void) {
        calls.call(
            ResponderCall.method(for: event), ResponderCall(event), destination: address.app.busName, path: address.path,
            interface: MediaRemoteNames.responderInterface, timeout: responderTimeout
        ) { result in
            switch result {
            case .success(let reply):
                answer(reply.handled ? .handled : .declined)
            case .failure(let error):
                // An error, or an answer that is not a boolean (UnreadableReply), is no "handled":
                // the event goes on up the chain. No answer in time is no answer: it may still act.
                answer(Dispatch.Answer(failure: error))
            }
        }
    }

    /// An app that did not answer an event answered again: events reach it again.
    func answeredAgain(_ app: AppID) {
        let since = router.registry.notAnswering[app]
        guard change({ $0.registry.answered(app) }) else { return }
        let name = router.registry.player(of: app)?.busName ?? app.busName
        Log.info("\(name) answers again\(since.map { " (after \((router.now - $0).tenthsOfSecond))" } ?? ""): events reach it again")
    }

    /// Every event at debug level; at info, those nobody took (a decision a person may wonder about).
    /// An event nobody received that could have resumed a player says why it resumed none
    /// (`nothingResumed`).
    static func log(_ event: Event, _ outcome: Outcome, nothingResumed: String? = nil) {
        switch outcome {
        case .handled(.shakeAction(let action, _, let player)):
            // A decision the service made itself, on a person's configuration: said at info.
            Log.info("\(RulesShell.describe(event)) from \(event.source): nobody handled it, so the shake action \(action) went to \(player.busName)")
        case .handled(let link):
            Log.debug("\(RulesShell.describe(event)) from \(event.source): handled by \(ObjectAddress(link).busName)")
        case .unanswered(let link):
            Log.info(
                "\(RulesShell.describe(event)) from \(event.source): sent to \(ObjectAddress(link)), which did not answer in time; "
                    + "it may still act on it, so it goes to nobody else, and events pass its app (\(link.app)) by until it answers again")
        case .discarded(let reason):
            Log.info("\(RulesShell.describe(event)) from \(event.source): discarded (\(reason.rawValue): \(reason.explanation))"
                + (nothingResumed.map { "; nothing to resume: \($0)" } ?? ""))
        }
    }

    /// An event as the log names it: `nextTrack`, `shake cancelled`.
    static func describe(_ event: Event) -> String {
        "\(event.subtype)" + (event.phase.map { " \($0)" } ?? "")
    }

    /// `EventDispatched`, for every event.
    func announce(_ event: Event, _ outcome: Outcome) {
        try? connection.emit(
            MediaRemoteMembers.eventDispatched, EventDispatched(event, outcome), of: MediaRemoteNames.interface,
            at: MediaRemoteNames.objectPath)
    }
}
