import DBus

/// One `EventDispatched` signal, as the client prints it.
struct DispatchedEvent {
    let type, subtype, phase: String
    let timestamp: UInt64
    let source: String
    let handled: Bool
    let busName, path, reason: String

    init?(_ message: Message) {
        let a = message.arguments
        guard a.count == 9, case .string(let type) = a[0], case .string(let subtype) = a[1], case .string(let phase) = a[2],
            case .uint64(let timestamp) = a[3], case .string(let source) = a[4], case .boolean(let handled) = a[5],
            case .string(let busName) = a[6], case .objectPath(let path) = a[7], case .string(let reason) = a[8]
        else { return nil }
        (self.type, self.subtype, self.phase, self.timestamp, self.source) = (type, subtype, phase, timestamp, source)
        (self.handled, self.busName, self.path, self.reason) = (handled, busName, path.rawValue, reason)
    }

    /// "handled by NAME PATH" or "discarded: reason".
    var outcome: String { handled ? "handled by \(busName) \(path)" : "discarded: \(reason)" }

    /// One line for `monitor`: time (s, monotonic), type, subtype, phase, source, outcome.
    var line: String {
        let seconds = "\(timestamp / 1_000_000).\(String(timestamp % 1_000_000 + 1_000_000).dropFirst())"
        return [seconds, type, subtype + (phase.isEmpty ? "" : " \(phase)"), "from \(source)", outcome].joined(separator: "  ")
    }

    var json: JSONLine {
        JSONLine([
            ("timestamp_us", .number(timestamp)), ("type", .string(type)), ("subtype", .string(subtype)),
            ("phase", .string(phase)), ("source", .string(source)), ("handled", .bool(handled)),
            ("bus_name", .string(busName)), ("path", .string(path)), ("reason", .string(reason)),
        ])
    }
}

extension ServiceClient {
    /// Follows `EventDispatched`; the handler runs while the loop runs.
    func followEvents(_ handler: @escaping (DispatchedEvent) -> Void) -> SignalSubscription {
        connection.subscribe(MatchRule(interface: "org.mediaremote.MediaRemote1", member: "EventDispatched")) { message in
            if let event = DispatchedEvent(message) { handler(event) }
        }
    }
}
