import DBusTypes

/// The reply of `Shift` and `Unshift`: the player a person chose, by its well-known name.
public struct ShiftReply: SingleFieldBody, Hashable, Sendable {
    public var nowPlaying: String

    public init(nowPlaying: String) {
        self.nowPlaying = nowPlaying
    }

    public init(_ content: String) { nowPlaying = content }
    public var content: String { nowPlaying }
    public static var fieldName: String { "now_playing" }
    public static var owner: String { "the Shift reply" }
}
