import DBusTypes

/// The reply of `Shift` and `Unshift`: the player a person chose, by its well-known name.
public struct ShiftReply: SingleFieldBody, Hashable, Sendable {
    public var nowPlaying: BusName

    public init(nowPlaying: BusName) {
        self.nowPlaying = nowPlaying
    }

    public init(_ content: BusName) { nowPlaying = content }
    public var content: BusName { nowPlaying }
    public static var fieldName: String { "now_playing" }
    public static var owner: String { "the Shift reply" }
}
