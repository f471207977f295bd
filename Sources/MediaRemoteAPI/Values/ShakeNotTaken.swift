import DBusTypes

/// The signal `ShakeNotTaken`: the shake detector cancelled what began, and says why (issue
/// 38): when (the `MotionCancelled`'s timestamp, CLOCK_MONOTONIC microseconds), its reason's
/// name (`tooLittle`, `pausedBeforeStroke`, `noStroke`, `tooLong`, `neverSettled`) and advice
/// in words a person can act on.
public struct ShakeNotTaken: MessageBody, Hashable, Sendable {
    public var timestamp: UInt64
    public var reason: String
    public var advice: String

    public init(timestamp: UInt64, reason: String, advice: String) {
        (self.timestamp, self.reason, self.advice) = (timestamp, reason, advice)
    }

    public static let fields = [Field("timestamp", UInt64.self), Field("reason", String.self), Field("advice", String.self)]

    public var arguments: [Value] { [.uint64(timestamp), .string(reason), .string(advice)] }

    public init(arguments: [Value]) throws(DBusError) {
        let field = try FieldReader(arguments, Self.fields, of: "ShakeNotTaken")
        (timestamp, reason, advice) = (try field("timestamp"), try field("reason"), try field("advice"))
    }
}
