import DBusTypes

/// What MediaRemote sends a Responder1 object with each event, whichever of the four methods
/// it calls (``ResponderMembers``): the event's subtype and when it happened.
public struct ResponderCall: MessageBody, Hashable, Sendable {
    /// `togglePlayPause`, `nextTrack`, …, or `shake`.
    public var subtype: String
    /// CLOCK_MONOTONIC, in microseconds.
    public var timestamp: UInt64

    public init(subtype: String, timestamp: UInt64) {
        (self.subtype, self.timestamp) = (subtype, timestamp)
    }

    public static let fields = [Field("subtype", String.self), Field("timestamp", UInt64.self)]

    public var arguments: [Value] { [subtype.dbusValue, timestamp.dbusValue] }

    public init(arguments: [Value]) throws(DBusError) {
        let field = try FieldReader(arguments, Self.fields, of: "a Responder1 call")
        (subtype, timestamp) = (try field("subtype"), try field("timestamp"))
    }
}
