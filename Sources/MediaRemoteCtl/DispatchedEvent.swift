import DBus
import DBusTypes
import MediaRemoteAPI
import MediaRemoteClient
import Time

/// One event as the client prints it: an `EventDispatched` signal, or what a method's reply
/// said of an event whose signal the client did not see. What is not there is nil, so that
/// JSON says null.
struct DispatchedEvent {
    let type, subtype: String
    let phase: String?
    /// nil only when the client built it from a reply, not having seen the signal.
    let timestamp: MonotonicInstant?
    let source: String
    /// Who handled it; nil when it was not handled.
    let handledBy: ObjectAddress?
    /// Who was sent it and did not answer in time (it may still act on it); nil otherwise.
    let unansweredBy: ObjectAddress?
    /// Why it was discarded (`noAnswer` when it was sent and not answered); nil when it was
    /// handled, or the reason is not known.
    let reason: String?

    init(_ signal: EventDispatched) {
        (type, subtype, phase, source) = (signal.type, signal.subtype, signal.phase, signal.source)
        timestamp = MonotonicInstant(microseconds: signal.timestamp)
        (handledBy, unansweredBy) = (signal.outcome.handledBy, signal.outcome.unansweredBy)
        reason = unansweredBy != nil ? EventDispatched.Outcome.noAnswer : signal.outcome.reason?.nonEmpty
    }

    /// What a method's reply says of an event whose signal the client did not see.
    init(type: String, subtype: String, source: String, handledBy: ObjectAddress?, unansweredBy: ObjectAddress? = nil) {
        (self.type, self.subtype, self.phase, self.timestamp, self.source) = (type, subtype, nil, nil, source)
        (self.handledBy, self.unansweredBy) = (handledBy, unansweredBy)
        reason = unansweredBy != nil ? EventDispatched.Outcome.noAnswer : nil
    }

    var handled: Bool { handledBy != nil }

    /// "handled by NAME PATH", "no answer in time from NAME PATH: …", or "discarded: the
    /// service's reason, as a sentence".
    var outcome: String {
        // Motion reaches a player only as the shake action: a Responder1 is named by its
        // connection's unique name, a player by its MPRIS name.
        if let handledBy, type == "motion", !handledBy.busName.isUnique { return "handled by the shake action, on \(handledBy)" }
        if let handledBy { return "handled by \(handledBy)" }
        if let unansweredBy { return "no answer in time from \(unansweredBy): it may still act on it, so it went to nobody else" }
        return "discarded: \(DispatchedEvent.explain(reason))"
    }

    /// One line for `monitor`: time (s, monotonic; or the local time of day), type, subtype and
    /// phase, source, outcome.
    func line(wallClock: Bool = false) -> String {
        let time = timestamp.map { wallClock ? WallClock.local($0) : fixedPoint($0.microseconds, in: .seconds(1), decimals: 6) } ?? "?"
        return [time, type, subtype + (phase.map { " \($0)" } ?? ""), "from \(source)", outcome].joined(separator: "  ")
    }

    var line: String { line() }

    /// The shape `monitor --json`, `send --json` and `shake --json` share; with `wallClock`,
    /// `time` too, the wall-clock time in ISO 8601 (UTC).
    func json(wallClock: Bool) -> JSON {
        guard wallClock, case .object(let fields) = json else { return json }
        return .object([("time", JSON(timestamp.map(WallClock.iso8601)))] + fields)
    }

    var json: JSON {
        .object([
            ("timestamp_us", JSON(timestamp?.microseconds)), ("type", .string(type)), ("subtype", .string(subtype)),
            ("phase", JSON(phase)), ("source", .string(source)), ("handled", .bool(handled)),
            ("bus_name", JSON((handledBy ?? unansweredBy)?.busName.rawValue)), ("path", JSON((handledBy ?? unansweredBy)?.path.rawValue)),
            ("reason", JSON(reason)),
        ])
    }

    /// The sentence for a discard reason as `EventDispatched` names it. A reason this client
    /// does not know (a newer service's) is printed as it came, never replaced by a guess.
    static func explain(_ reason: String?) -> String {
        guard let reason else { return "mediaremoted gave no reason" }
        return DiscardReason(rawValue: reason)?.explanation ?? reason
    }
}

extension ServiceClient {
    /// Follows `EventDispatched`; the handler runs while the loop runs. A signal this client
    /// cannot read is said on standard error, and skipped.
    func followEvents(_ handler: @escaping (DispatchedEvent) -> Void) -> SignalSubscription {
        proxy.followEvents { result in
            switch result {
            case .success(let event): handler(DispatchedEvent(event))
            case .failure(let error): writeNotice("cannot read an event mediaremoted announced: \(error.message)")
            }
        }
    }
}
