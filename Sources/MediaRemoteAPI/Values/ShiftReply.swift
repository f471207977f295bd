import DBusTypes

/// The reply of `Shift` and `Unshift`: the player a person chose, by its well-known name.
public struct ShiftReply: MessageBody, Hashable, Sendable {
    public var nowPlaying: String

    public init(nowPlaying: String) {
        self.nowPlaying = nowPlaying
    }

    public static let fields = [Field("now_playing", String.self)]

    public var arguments: [Value] { [nowPlaying.dbusValue] }

    public init(arguments: [Value]) throws(DBusError) {
        nowPlaying = try FieldReader(arguments, Self.fields, of: "the Shift reply")("now_playing")
    }
}
