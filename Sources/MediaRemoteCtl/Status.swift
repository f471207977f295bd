import ArgumentParser
import DBus
import DBusTypes
import MediaRemoteAPI

/// `mediaremotectl status`: the state of the rules, and what is Now Playing, at a glance; or,
/// with `--follow`, a line each time Now Playing or its track or status changes.
struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show Now Playing and its track, the first responder, the mode and the players.",
        discussion: """
            Now Playing is the player remote-control events go to, with why; its \
            track (artist, title, position and length) is read from the player \
            itself. The chain is where a remote-control event would go now, in \
            order, or why it would be discarded.

            Example:
              $ mediaremotectl status
              Now Playing:     org.mpris.MediaPlayer2.mpv (playing)
              Track:           Playing  Nina Simone - Sinnerman  1:12 / 10:19
              First responder: none
              Mode:            compat
              Chain:           player org.mpris.MediaPlayer2.mpv (:1.12)
              Receiving:       :1.12
              Motion claims:   none
              Players:         org.mpris.MediaPlayer2.mpv  Playing  receiving

            With --follow, one line now and one each time Now Playing, its \
            status or its track changes (not as its position moves), until \
            interrupted, as playerctl --follow does; "none" while nothing is \
            Now Playing or mediaremoted is not running (said once on standard \
            error; it waits for the service).

            Example:
              $ mediaremotectl status --follow
              Playing  Sinnerman  1:12 / 10:19  (org.mpris.MediaPlayer2.mpv)
              Paused  Sinnerman  1:30 / 10:19  (org.mpris.MediaPlayer2.mpv)
              none

            With --json, one object: version; now_playing (a bus name, or null); \
            now_playing_reason (or null); track (an object with player, status, \
            title, artists (an array), album, position_us and length_us, each \
            null when the player does not say; or null); first_responder (an \
            object with bus_name and path, or null); mode; chain, an array of \
            links, each an object with kind (responder, player or shake_action), \
            bus_name and path (where the event is delivered), app (the unique \
            name of the app) and action (a shake action's; else null); \
            chain_discarded (why an event would be discarded, as monitor's \
            reason, when the chain is empty; else null); receiving (unique \
            names); motion_claims (an object: unique name to number of claims); \
            players, an array of objects with name, status and receiving. With \
            --follow --json, one track object a line, or null.

            Example:
              $ mediaremotectl status --json
              {"version":"0.1.0",
               "now_playing":"org.mpris.MediaPlayer2.mpv",
               "now_playing_reason":"playing",
               "track":{"player":"org.mpris.MediaPlayer2.mpv",
                 "status":"Playing","title":"Sinnerman",
                 "artists":["Nina Simone"],"album":null,
                 "position_us":72000000,"length_us":619000000},
               "first_responder":null,"mode":"compat",
               "chain":[{"kind":"player",
                 "bus_name":"org.mpris.MediaPlayer2.mpv","app":":1.12",
                 "path":"/org/mpris/MediaPlayer2","action":null}],
               "chain_discarded":null,"receiving":[":1.12"],
               "motion_claims":{},
               "players":[{"name":"org.mpris.MediaPlayer2.mpv",
                 "status":"Playing","receiving":true}]}

            (Printed on one line; folded here to fit.)
            """
    )

    @Flag(name: [.short, .long], help: "Print a line now and each time Now Playing or its track or status changes, until interrupted.")
    var follow = false

    @Flag(help: "Print one JSON object.")
    var json = false

    func run() throws {
        let client = try ServiceClient()
        if follow { return try followNowPlaying(client) }
        let reply = try client.call(.properties, "GetAll", [.string(MediaRemoteNames.interface.rawValue)])
        let properties: [String: Value] = (try? .init(dbusValue: reply.arguments.first ?? .array(.string, []))) ?? [:]
        let nowPlaying = (try? String(dbusValue: properties["NowPlaying"] ?? .string("")))?.nonEmpty
        var responder: (busName: String, path: String)?
        if case .structure(let fields)? = properties["FirstResponder"], fields.count == 2, case .string(let name) = fields[0],
            case .objectPath(let path) = fields[1], !name.isEmpty
        {
            responder = (name, path.rawValue)
        }
        let mode = (try? String(dbusValue: properties["Mode"] ?? .string(""))) ?? ""
        let version = (try? String(dbusValue: properties["Version"] ?? .string(""))) ?? ""
        let players = Status.players(properties["Players"])
        let state = try client.call(MediaRemoteMembers.describeState, replying: DescribeStateReply.self)
        let (chain, why, claims) = (state.chain, state.nowPlayingReason, state.motionClaims.sorted { $0.key < $1.key })
        let track = nowPlaying.flatMap { NowPlayingTrack.read($0, on: client.connection) }
        if json {
            writeLine(JSON.object([
                ("version", .string(version)), ("now_playing", JSON(nowPlaying)), ("now_playing_reason", JSON(why)),
                ("track", track?.json ?? .null),
                ("first_responder", responder.map { .object([("bus_name", .string($0.busName)), ("path", .string($0.path))]) } ?? .null),
                ("mode", .string(mode)),
                ("chain", .array(chain.map(\.json))), ("chain_discarded", JSON(chain.isEmpty ? state.chainDiscarded : nil)),
                ("receiving", .array(state.receiving.map(JSON.string))),
                ("motion_claims", .object(claims.map { ($0.key, .number(UInt64($0.value))) })),
                ("players", .array(players.map { .object([
                    ("name", .string($0.name)), ("status", .string($0.status)), ("receiving", .bool($0.receiving)),
                ]) })),
            ]).text)
            return
        }
        writeLine("Now Playing:     \(nowPlaying.map { name in why.map { "\(name) (\($0))" } ?? name } ?? "none")")
        if nowPlaying != nil { writeLine("Track:           \(track?.summary ?? "cannot be read from the player")") }
        writeLine("First responder: \(responder.map { "\($0.busName) \($0.path)" } ?? "none")")
        writeLine("Mode:            \(mode)")
        let route = chain.isEmpty ? "none: \(DispatchedEvent.explain(state.chainDiscarded))" : chain.map(\.summary).joined(separator: " → ")
        writeLine("Chain:           \(route)")
        writeLine("Receiving:       \(state.receiving.isEmpty ? "none" : state.receiving.joined(separator: " "))")
        writeLine("Motion claims:   \(claims.isEmpty ? "none" : claims.map { "\($0.key) ×\($0.value)" }.joined(separator: " "))")
        if players.isEmpty { writeLine("Players:         none") }
        for (index, player) in players.enumerated() {
            writeLine("\(index == 0 ? "Players:" : "")".padding(17) + "\(player.name)  \(player.status)  \(player.receiving ? "receiving" : "not receiving")")
        }
    }

    /// `--follow`: a line now and at each change, until interrupted or the bus is lost.
    private func followNowPlaying(_ client: ServiceClient) throws {
        let json = self.json
        let follower = NowPlayingFollower(connection: client.connection)
        follower.onChange = { track in
            writeLine(json ? (track?.json ?? .null).text : track?.line ?? "none")
        }
        follower.start()
        try client.runSayingPresence()
    }

    static func players(_ value: Value?) -> [(name: String, status: String, receiving: Bool)] {
        guard case .array(_, let items)? = value else { return [] }
        return items.compactMap {
            guard case .structure(let f) = $0, f.count == 3, case .string(let name) = f[0], case .string(let status) = f[1],
                case .boolean(let receiving) = f[2]
            else { return nil }
            return (name, status, receiving)
        }
    }
}

extension DescribeStateReply.Link {
    /// `player org.mpris.MediaPlayer2.mpv (:1.12)`, as `status` shows a link.
    var summary: String {
        switch kind {
        case .responder: "responder \(app) \(destination.path)"
        case .player: "player \(destination.busName) (\(app))"
        case .shakeAction: "shake action \(action ?? "?") on \(destination.busName) (\(app))"
        }
    }

    var json: JSON {
        .object([
            ("kind", .string(kind.rawValue)), ("bus_name", .string(destination.busName)), ("app", .string(app)),
            ("path", .string(destination.path.rawValue)), ("action", JSON(action)),
        ])
    }
}

extension String {
    /// The string, padded with spaces to `width`.
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
