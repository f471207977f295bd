import Core
import DBus
import DBusTypes
import MediaRemoteAPI

/// One `EventDispatched` signal, as the client prints it. The service says "none" with "" (and
/// the path "/"); here it is nil, so that JSON says null.
struct DispatchedEvent {
    let type, subtype: String
    let phase: String?
    /// nil only when the client built it from a reply, not having seen the signal.
    let timestamp: UInt64?
    let source: String
    let handled: Bool
    let busName, path, reason: String?

    init?(_ message: Message) {
        let a = message.arguments
        guard a.count == 9, case .string(let type) = a[0], case .string(let subtype) = a[1], case .string(let phase) = a[2],
            case .uint64(let timestamp) = a[3], case .string(let source) = a[4], case .boolean(let handled) = a[5],
            case .string(let busName) = a[6], case .objectPath(let path) = a[7], case .string(let reason) = a[8]
        else { return nil }
        (self.type, self.subtype, self.phase, self.timestamp, self.source) = (type, subtype, phase.nonEmpty, timestamp, source)
        self.handled = handled
        // Who handled it only when someone did; why not only when nobody did.
        (self.busName, self.path) = handled ? (busName.nonEmpty, path.rawValue) : (nil, nil)
        self.reason = handled ? nil : reason.nonEmpty
    }

    /// What a method's reply says of an event whose signal the client did not see.
    init(type: String, subtype: String, source: String, handled: Bool, busName: String?, path: String?) {
        (self.type, self.subtype, self.phase, self.timestamp, self.source) = (type, subtype, nil, nil, source)
        (self.handled, self.busName, self.path, self.reason) = (handled, busName, path, nil)
    }

    /// "handled by NAME PATH" or "discarded: the service's reason, as a sentence".
    var outcome: String {
        handled ? "handled by \(busName ?? "?") \(path ?? "?")" : "discarded: \(DispatchedEvent.explain(reason))"
    }

    /// One line for `monitor`: time (s, monotonic), type, subtype and phase, source, outcome.
    var line: String {
        let seconds = timestamp.map { "\($0 / 1_000_000).\(String($0 % 1_000_000 + 1_000_000).dropFirst())" } ?? "?"
        return [seconds, type, subtype + (phase.map { " \($0)" } ?? ""), "from \(source)", outcome].joined(separator: "  ")
    }

    /// The shape `monitor --json`, `send --json` and `shake --json` share.
    var json: JSON {
        .object([
            ("timestamp_us", JSON(timestamp)), ("type", .string(type)), ("subtype", .string(subtype)),
            ("phase", JSON(phase)), ("source", .string(source)), ("handled", .bool(handled)),
            ("bus_name", JSON(busName)), ("path", JSON(path)), ("reason", JSON(reason)),
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
    /// Follows `EventDispatched`; the handler runs while the loop runs.
    func followEvents(_ handler: @escaping (DispatchedEvent) -> Void) -> SignalSubscription {
        connection.subscribe(MatchRule(interface: MediaRemoteNames.interface, member: MediaRemoteMembers.eventDispatched)) { message in
            if let event = DispatchedEvent(message) { handler(event) }
        }
    }
}
