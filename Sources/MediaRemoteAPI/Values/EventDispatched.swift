import DBusTypes

/// The signal `EventDispatched`: where one event went, sent for every event, handled or not,
/// when its dispatch ends (`dbus/org.mediaremote.MediaRemote1.xml`). Its nine arguments are
/// written out here only: the daemon emits ``arguments``, the client and the tests read them
/// with ``init(arguments:)``.
///
/// The vocabularies (type, subtype, phase, source, reason) are plain strings: a client prints
/// what a newer service sends rather than failing on a word it does not know; the service
/// makes them from the rules' own types.
public struct EventDispatched: MessageBody, Hashable, Sendable {
    /// `remoteControl` or `motion`.
    public var type: String
    /// `togglePlayPause`, `nextTrack`, …, or `shake`.
    public var subtype: String
    /// A motion event's phase: `began`, `ended` or `cancelled`; nil for remote control.
    public var phase: String?
    /// When it happened: CLOCK_MONOTONIC, in microseconds.
    public var timestamp: UInt64
    /// `key`, `headset`, `mpris`, `api`, `accelerometer` or `simulated`.
    public var source: String
    public var outcome: Outcome

    public init(type: String, subtype: String, phase: String?, timestamp: UInt64, source: String, outcome: Outcome) {
        self.type = type
        self.subtype = subtype
        self.phase = phase
        self.timestamp = timestamp
        self.source = source
        self.outcome = outcome
    }

    /// The arguments, in order, as introspection declares them.
    public static let fields = [
        Field("type", String.self), Field("subtype", String.self), Field("phase", String.self),
        Field("timestamp", UInt64.self), Field("source", String.self), Field("handled", Bool.self),
        Field("bus_name", String.self), Field("path", ObjectPath.self), Field("reason", String.self),
    ]

    /// The signal's arguments, at the positions of ``fields``. The bus has no "none": no phase,
    /// no handler and no reason are each "", and no path is "/". Bus name and path name the
    /// handler, or who was sent it and did not answer (reason `noAnswer`).
    public var arguments: [Value] {
        let handler = ObjectAddress.parts(outcome.handledBy ?? outcome.unansweredBy)
        let reason = switch outcome {
        case .handled: ""
        case .unanswered: Outcome.noAnswer
        case .discarded(let reason): reason
        }
        return [
            .string(type), .string(subtype), .string(phase ?? ""), .uint64(timestamp), .string(source),
            .boolean(outcome.isHandled), .string(handler.busName), .objectPath(handler.path), .string(reason),
        ]
    }

    /// Reads the signal's arguments. One missing or of another type fails with `InvalidArgs`
    /// naming it; so does an outcome the service never sends (a reason for a handled event, a
    /// handler for a discarded one), which would mean the two sides read the arguments apart.
    public init(arguments: [Value]) throws(DBusError) {
        let field = try FieldReader(arguments, Self.fields, of: "EventDispatched")
        type = try field("type")
        subtype = try field("subtype")
        let phase: String = try field("phase")
        self.phase = phase.isEmpty ? nil : phase
        timestamp = try field("timestamp")
        source = try field("source")
        let handler = try ObjectAddress.read(busName: try field("bus_name"), path: try field("path"), of: "EventDispatched")
        let reason: String = try field("reason")
        switch (try field("handled", as: Bool.self), handler) {
        case (true, _) where !reason.isEmpty: throw .invalidArgs("EventDispatched: a handled event with the reason '\(reason)'")
        case (true, let handler?): outcome = .handled(by: handler)
        case (true, nil): throw .invalidArgs("EventDispatched: a handled event without its handler")
        case (false, nil) where reason == Outcome.noAnswer: throw .invalidArgs("EventDispatched: no answer, but from nobody")
        case (false, nil): outcome = .discarded(reason: reason)
        case (false, let sentTo?) where reason == Outcome.noAnswer: outcome = .unanswered(by: sentTo)
        case (false, let handler?): throw .invalidArgs("EventDispatched: a discarded event handled by '\(handler.busName)' at \(handler.path)")
        }
    }
}
