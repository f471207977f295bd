import DBusTypes

/// The reply of `DescribePlayers`: every tracked MPRIS player, for tools (`mediaremotectl players`).
public struct DescribePlayersReply: MessageBody, Hashable, Sendable {
    public var players: [Player]

    public init(players: [Player]) {
        self.players = players
    }

    public static let fields = [Field("players", [Player].self)]

    public var arguments: [Value] { [players.dbusValue] }

    public init(arguments: [Value]) throws(DBusError) {
        players = try FieldReader(arguments, Self.fields, of: "the DescribePlayers reply")("players")
    }
}
