import DBusTypes

extension EventDispatched {
    /// How an event's dispatch ended: handled by exactly one responder, or discarded with a reason.
    public enum Outcome: Hashable, Sendable, CustomStringConvertible {
        case handled(by: ObjectAddress)
        /// Discarded: `nobodyReceiving`, `declined`, `timedOut`, … as the rules name it.
        case discarded(reason: String)

        public var isHandled: Bool { handledBy != nil }
        /// Who handled it; nil when it was discarded.
        public var handledBy: ObjectAddress? { if case .handled(let responder) = self { responder } else { nil } }
        /// Why it was discarded; nil when it was handled.
        public var reason: String? { if case .discarded(let reason) = self { reason } else { nil } }

        /// Who handled it, or the reason.
        public var description: String { handledBy?.description ?? reason ?? "" }
    }
}

extension EventDispatched: CustomStringConvertible {
    /// `nextTrack → org.mpris.MediaPlayer2.mpv /org/mpris/MediaPlayer2`, `shake began → declined`.
    public var description: String { "\(subtype)\(phase.map { " \($0)" } ?? "") → \(outcome)" }
}
