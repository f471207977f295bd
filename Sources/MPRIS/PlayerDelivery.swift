import Core
import DBus
import DBusTypes
import Loop
import MediaRemoteAPI
import Time

/// Delivers remote-control events to MPRIS players: the matching method call, with a
/// timeout, and `Seek(±step)` repeated while a seek is held. A player that errs or does not
/// answer in time declines; it never holds up anything else. Calls go through the shared
/// ``CallQueue``, so a player is sent its events in order and never more at once than the
/// queue allows.
public final class PlayerDelivery {
    public var callTimeout: Duration
    /// How far each `Seek` moves, and how often it repeats while held.
    public var seekStep: Duration
    public var seekInterval: Duration
    /// Told of every call a player failed: (its app, what it did not take, the error). The
    /// daemon decides what to log (once per player and kind of failure).
    public var onFailure: ((AppID, String, DBusError) -> Void)?

    private let calls: CallQueue
    private var connection: Connection { calls.connection }
    private var seekers: [SeekKey: Timer] = [:]

    private struct SeekKey: Hashable {
        let app: AppID
        let forward: Bool
    }

    /// The times are the service's options (their defaults are the configuration's).
    public init(calls: CallQueue, callTimeout: Duration, seekStep: Duration, seekInterval: Duration) {
        self.calls = calls
        self.callTimeout = callTimeout
        self.seekStep = seekStep
        self.seekInterval = seekInterval
    }

    deinit {
        for timer in seekers.values { timer.cancel() }
    }

    /// Delivers `subtype` to the player of `app`; `answer` gets handled, declined or timed out
    /// (after `timeout`, or the usual ``callTimeout``).
    public func deliver(
        _ subtype: RemoteControlSubtype, to app: AppID, player: Player, timeout: Duration? = nil, answer: @escaping (Dispatch.Answer) -> Void
    ) {
        let owner = app.busName
        switch PlayerCommand(subtype) {
        case .call(let method):
            call(owner, app, player, method, NoArguments(), timeout: timeout, answer: answer)
        case .beginSeeking(let forward):
            let key = SeekKey(app: app, forward: forward)
            seekers.removeValue(forKey: key)?.cancel()
            call(owner, app, player, MPRISMembers.seek, offset(forward)) { [weak self] result in
                if result == .handled, let self {
                    do throws(LoopError) {
                        self.seekers[key] = try self.connection.loop.schedule(after: self.seekInterval, repeating: self.seekInterval) {
                            [weak self] in self?.repeatSeek(key, owner: owner, player: player)
                        }
                    } catch {
                        // The seek stepped once and is not repeated: said, not swallowed.
                        self.onFailure?(app, "repeating the seek of \(player.busName)", .failed("cannot make its timer: \(error)"))
                    }
                }
                answer(result)
            }
        case .endSeeking(let forward):
            let timer = seekers.removeValue(forKey: SeekKey(app: app, forward: forward))
            timer?.cancel()
            answer(timer == nil ? .declined : .handled)
        }
    }

    /// The shake action `shuffle`: sets the player's `Shuffle` to the opposite of `current`, its
    /// value as last read. A player without a boolean `Shuffle` declines.
    public func toggleShuffle(of app: AppID, player: Player, current: Bool?, answer: @escaping (Dispatch.Answer) -> Void) {
        guard let on = current else { return answer(.declined) }
        call(
            app.busName, app, player, StandardMembers.set, PropertyWrite(PropertyAddress(MPRISNames.player, MPRISMembers.shuffle.name), .boolean(!on)),
            interface: .properties, describing: "a change of \(MPRISMembers.shuffle.name)", answer: answer)
    }

    /// The player of `app` left: its seeks stop.
    public func playerLeft(_ app: AppID) {
        for key in seekers.keys where key.app == app { seekers.removeValue(forKey: key)?.cancel() }
    }

    /// How many seeks the delivery holds, for leak checks.
    public var bookkeeping: Int { seekers.count }

    private func repeatSeek(_ key: SeekKey, owner: BusName, player: Player) {
        call(owner, key.app, player, MPRISMembers.seek, offset(key.forward)) { [weak self] result in
            if result != .handled { self?.seekers.removeValue(forKey: key)?.cancel() }
        }
    }

    private func offset(_ forward: Bool) -> SeekOffset {
        let microseconds = seekStep.wholeMicroseconds
        return SeekOffset(forward ? microseconds : -microseconds)
    }

    /// Calls the player; an error or no answer declines, and is told.
    private func call<Input>(
        _ owner: BusName, _ app: AppID, _ player: Player, _ method: TypedMethod<Input, NoArguments>, _ input: Input,
        interface: InterfaceName = MPRISNames.player, describing what: String? = nil, timeout: Duration? = nil,
        answer: @escaping (Dispatch.Answer) -> Void
    ) {
        // The reply is not read: a player that answers at all took the call.
        calls.call(.methodCall(method, input, destination: owner, path: MPRISNames.path, interface: interface), timeout: timeout ?? callTimeout) {
            [weak self] result in
            switch result {
            case .success:
                answer(.handled)
            case .failure(let error):
                // No answer is an outcome of its own, which the daemon logs with the event.
                let result = Dispatch.Answer(failure: error)
                if result == .declined { self?.onFailure?(app, "\(player.busName) did not take \(what ?? method.name.rawValue)", error) }
                answer(result)
            }
        }
    }
}

extension Dispatch.Answer {
    /// What a failed call answers: no reply in time (`NoReply`, `Timeout`) is no answer, and the
    /// peer may still act on the call; any other error is an answer, declining.
    public init(failure error: DBusError) {
        self = error.name == .noReply || error.name == .timeout ? .noAnswer : .declined
    }
}
