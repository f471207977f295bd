import MediaRemoteAPI
import Time

/// An event: what happened (its ``Kind``), when and from where. A remote-control event holds a
/// remote-control subtype and a motion event a shake's phase, so neither can be built with the
/// other's.
public struct Event: Hashable, Sendable, CustomStringConvertible {
    /// What an event is.
    public enum Kind: Hashable, Sendable {
        /// A remote-control event: what it asks the Now Playing app to do.
        case remoteControl(RemoteControlSubtype)
        /// A phase of a shake, the one motion there is.
        case motion(MotionPhase)
    }

    public let kind: Kind
    /// On CLOCK_MONOTONIC, to the microsecond, as evdev's and iOS's timestamps are.
    public let timestamp: MonotonicInstant
    public let source: EventSource

    public init(_ kind: Kind, at timestamp: MonotonicInstant, from source: EventSource) {
        self.kind = kind
        self.timestamp = timestamp
        self.source = source
    }

    /// A remote-control event.
    public static func remoteControl(_ subtype: RemoteControlSubtype, at timestamp: MonotonicInstant, from source: EventSource) -> Event {
        Event(.remoteControl(subtype), at: timestamp, from: source)
    }

    /// A phase of a shake.
    public static func motion(_ phase: MotionPhase, at timestamp: MonotonicInstant, from source: EventSource) -> Event {
        Event(.motion(phase), at: timestamp, from: source)
    }

    public var type: EventType { subtype.type }

    /// Its subtype, as the bus names it: a remote-control subtype, or `shake`.
    public var subtype: EventSubtype {
        switch kind {
        case .remoteControl(let subtype): .remoteControl(subtype)
        case .motion: .shake
        }
    }

    /// A remote-control event's subtype; nil for a motion event.
    public var remoteControlSubtype: RemoteControlSubtype? {
        if case .remoteControl(let subtype) = kind { subtype } else { nil }
    }

    /// A motion event's phase; nil for a remote-control event.
    public var phase: MotionPhase? {
        if case .motion(let phase) = kind { phase } else { nil }
    }

    public var description: String {
        let phaseText = phase.map { " \($0)" } ?? ""
        return "\(type) \(subtype)\(phaseText) from \(source) at \(timestamp)"
    }
}
