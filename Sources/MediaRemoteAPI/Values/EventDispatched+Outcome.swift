import DBusTypes

extension EventDispatched {
    /// How an event's dispatch ended: handled by exactly one responder; sent to one that did
    /// not answer in time (it may still act on it, so the event went to nobody else); or
    /// discarded with a reason.
    public enum Outcome: Hashable, Sendable, CustomStringConvertible {
        case handled(by: ObjectAddress)
        /// Sent, and no answer came in time: on the bus, not handled, the reason `noAnswer`, and
        /// bus_name and path name who was sent it.
        case unanswered(by: ObjectAddress)
        /// Discarded: `nobodyReceiving`, `declined`, `notAnswering`, … as the rules name it.
        case discarded(reason: String)

        /// The reason the bus carries for ``unanswered(by:)``.
        public static let noAnswer = "noAnswer"

        public var isHandled: Bool { handledBy != nil }
        /// Who handled it; nil when it was not handled.
        public var handledBy: ObjectAddress? { if case .handled(let responder) = self { responder } else { nil } }
        /// Who was sent it and did not answer in time; nil otherwise.
        public var unansweredBy: ObjectAddress? { if case .unanswered(let responder) = self { responder } else { nil } }
        /// Why it was discarded; nil when it was handled or sent.
        public var reason: String? { if case .discarded(let reason) = self { reason } else { nil } }

        /// Who handled it, who did not answer, or the reason.
        public var description: String {
            switch self {
            case .handled(let who): who.description
            case .unanswered(let who): "\(who) (no answer in time)"
            case .discarded(let reason): reason
            }
        }
    }
}

extension EventDispatched: CustomStringConvertible {
    /// `nextTrack → org.mpris.MediaPlayer2.mpv /org/mpris/MediaPlayer2`, `shake began → declined`.
    public var description: String { "\(subtype)\(phase.map { " \($0)" } ?? "") → \(outcome)" }
}
