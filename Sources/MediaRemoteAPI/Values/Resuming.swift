import DBusTypes

/// The signal `Resuming`: a play with nobody to receive it launched the last player to resume
/// it (its identity, its desktop entry's id, and how it was launched, in words); the event's
/// `EventDispatched` follows when its player takes it, or when the launch ends without one.
public struct Resuming: MessageBody, Hashable, Sendable {
    public var player: String
    public var desktopEntry: String
    public var how: String

    public init(player: String, desktopEntry: String, how: String) {
        (self.player, self.desktopEntry, self.how) = (player, desktopEntry, how)
    }

    public static let fields = [Field("player", String.self), Field("desktop_entry", String.self), Field("how", String.self)]

    public var arguments: [Value] { [.string(player), .string(desktopEntry), .string(how)] }

    public init(arguments: [Value]) throws(DBusError) {
        let field = try FieldReader(arguments, Self.fields, of: "Resuming")
        (player, desktopEntry, how) = (try field("player"), try field("desktop_entry"), try field("how"))
    }
}
