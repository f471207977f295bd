import Time

/// An event: a value with its subtype, motion phase, timestamp and source.
public struct Event: Hashable, Sendable, CustomStringConvertible {
    public let subtype: EventSubtype
    /// Set for motion events, nil for remote-control events.
    public let phase: MotionPhase?
    /// On CLOCK_MONOTONIC, to the microsecond, as evdev's and iOS's timestamps are.
    public let timestamp: MonotonicInstant
    public let source: EventSource

    public var type: EventType { subtype.type }

    /// A remote-control event.
    public static func remoteControl(_ subtype: EventSubtype, at timestamp: MonotonicInstant, from source: EventSource) -> Event {
        precondition(subtype.type == .remoteControl, "\(subtype) is not a remote-control subtype")
        return Event(subtype: subtype, phase: nil, timestamp: timestamp, source: source)
    }

    /// A phase of a shake.
    public static func motion(_ phase: MotionPhase, at timestamp: MonotonicInstant, from source: EventSource) -> Event {
        Event(subtype: .shake, phase: phase, timestamp: timestamp, source: source)
    }

    public var description: String {
        let phaseText = phase.map { " \($0)" } ?? ""
        return "\(type) \(subtype)\(phaseText) from \(source) at \(timestamp)"
    }
}
