import ArgumentParser
import DBusTypes
import Loop
import MediaRemoteAPI
import MediaRemoteClient
import Time

/// `mediaremotectl status`: the state of the rules, and what is Now Playing, at a glance; or,
/// with `--follow`, a line each time Now Playing or its track or status changes.
struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show Now Playing and its track, the first responder, the mode and the players.",
        discussion: """
            Now Playing is the player remote-control events go to, with why; its \
            track (artist, title, position and length) is read from the player \
            itself. The chain is where a remote-control event would go now, in \
            order, or why it would be discarded. A seek held now is shown with \
            what began it, who handles it and for how long; one begun by a call \
            (mediaremotectl send seek-forward begin) ends by itself after 10 s \
            if no end comes.

            Example:
              $ mediaremotectl status
              Now Playing:     org.mpris.MediaPlayer2.mpv (playing)
              Track:           Playing  Nina Simone - Sinnerman  1:12 / 10:19
              First responder: none
              Mode:            compat
              Chain:           player org.mpris.MediaPlayer2.mpv (:1.12)
              Receiving:       :1.12
              Motion claims:   none
              Seeking:         none
              Resumes:         mpv (mpv.desktop), on a play with no player
              Players:         org.mpris.MediaPlayer2.mpv  Playing  receiving

            With --follow, one line now and one each time Now Playing, its \
            status or its track changes (not as its position moves), until \
            interrupted, as playerctl --follow does; "none" while nothing is \
            Now Playing or mediaremoted is not running (said once on standard \
            error; it waits for the service). A track with no artist (mpv \
            playing an untagged file names it by the file) shows its title alone.

            Example:
              $ mediaremotectl status --follow
              Playing  sinnerman.ogg  1:12 / 9:59  (org.mpris.MediaPlayer2.mpv)
              Paused  sinnerman.ogg  1:30 / 9:59  (org.mpris.MediaPlayer2.mpv)
              none

            With --json, one object: version; now_playing (a bus name, or null); \
            now_playing_reason (or null); track (an object with player, status, \
            title, album, position_us and length_us, each null when the player \
            does not say, and artists, an array, [] when it names none; or \
            null); first_responder (an object with bus_name and path, or null); \
            mode; chain, an array of links, each an object with kind \
            (responder, player or shake_action), bus_name and path (where the \
            event is delivered), app (the unique name of the app) and action (a \
            shake action's; else null); \
            chain_discarded (why an event would be discarded, as monitor's \
            reason, when the chain is empty; else null); receiving (unique \
            names); motion_claims (an object: unique name to number of claims); \
            seeks, an array of the seeks held, each an object with direction \
            (beginSeekingForward or beginSeekingBackward), source (what began \
            it), bus_name and path (who handles it), since and ends_by \
            (CLOCK_MONOTONIC microseconds; ends_by null for a seek a key holds); \
            not_answering (an object: the name of each app that did not answer \
            an event, and which events pass by until it answers again, to the \
            CLOCK_MONOTONIC microseconds it went unanswered); resumes (the \
            player a play or play/pause with nobody to receive it launches, \
            with its desktop entry, or null) and resumes_nothing_because (why \
            it launches none, or null); launching (the player being launched \
            now, or null); players, an array of objects with name, status and receiving. With \
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
               "motion_claims":{},"not_answering":{},
               "resumes":"mpv (mpv.desktop)",
               "resumes_nothing_because":null,"launching":null,
               "seeks":[{"direction":"beginSeekingForward",
                 "source":"api","bus_name":"org.mpris.MediaPlayer2.mpv",
                 "path":"/org/mpris/MediaPlayer2","since":81200000000,
                 "ends_by":81210000000}],
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
        let properties = try client.proxy.properties()
        let state = try client.proxy.describeState()
        let track = properties.nowPlaying.flatMap { NowPlayingTrack.read($0, on: client.connection) }
        if json {
            writeLine(Status.json(properties, state, track).text)
        } else {
            Status.show(properties, state, track)
        }
    }

    static func show(_ properties: MediaRemoteProperties, _ state: DescribeStateReply, _ track: NowPlayingTrack?) {
        let nowPlaying = properties.nowPlaying
        writeLine("Now Playing:     \(nowPlaying.map { name in state.nowPlayingReason.map { "\(name) (\($0))" } ?? name.rawValue } ?? "none")")
        if nowPlaying != nil { writeLine("Track:           \(track?.summary ?? "cannot be read from the player")") }
        writeLine("First responder: \(properties.firstResponder?.description ?? "none")")
        writeLine("Mode:            \(properties.mode)")
        let chain = state.chain
        let route = chain.isEmpty ? "none: \(DispatchedEvent.explain(state.chainDiscarded))" : chain.map(\.summary).joined(separator: " → ")
        writeLine("Chain:           \(route)")
        writeLine("Receiving:       \(state.receiving.isEmpty ? "none" : state.receiving.map(\.rawValue).joined(separator: " "))")
        let claims = state.motionClaims.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
        writeLine("Motion claims:   \(claims.isEmpty ? "none" : claims.joined(separator: " "))")
        let now = MonotonicClock.now.microseconds
        if state.seeks.isEmpty { writeLine("Seeking:         none") }
        for (index, seek) in state.seeks.enumerated() {
            writeLine("\(index == 0 ? "Seeking:" : "")".padding(17) + Self.describe(seek, now: now))
        }
        for (index, entry) in state.notAnswering.sorted(by: { $0.key < $1.key }).enumerated() {
            let ago = Self.seconds(now > entry.value ? now - entry.value : 0)
            writeLine("\(index == 0 ? "Not answering:" : "")".padding(17)
                + "\(entry.key), since an event \(ago) ago; events pass it by until it answers again")
        }
        writeLine("Resumes:         " + Self.resumeLine(state))
        if properties.players.isEmpty { writeLine("Players:         none") }
        for (index, player) in properties.players.enumerated() {
            let receiving = player.receiving ? "receiving" : "not receiving"
            writeLine("\(index == 0 ? "Players:" : "")".padding(17) + "\(player.name)  \(player.status)  \(receiving)")
        }
    }

    static func json(_ properties: MediaRemoteProperties, _ state: DescribeStateReply, _ track: NowPlayingTrack?) -> JSON {
        let responder = properties.firstResponder.map { JSON.object([("bus_name", .string($0.busName.rawValue)), ("path", .string($0.path.rawValue))]) }
        let players = properties.players.map { player in
            JSON.object([("name", .string(player.name.rawValue)), ("status", .string(player.status)), ("receiving", .bool(player.receiving))])
        }
        return .object([
            ("version", .string(properties.version)), ("now_playing", JSON(properties.nowPlaying?.rawValue)),
            ("now_playing_reason", JSON(state.nowPlayingReason)), ("track", track?.json ?? .null), ("first_responder", responder ?? .null),
            ("mode", .string(properties.mode)), ("chain", .array(state.chain.map(\.json))),
            ("chain_discarded", JSON(state.chain.isEmpty ? state.chainDiscarded : nil)),
            ("receiving", .array(state.receiving.map { .string($0.rawValue) })),
            ("motion_claims", .object(state.motionClaims.sorted { $0.key < $1.key }.map { ($0.key.rawValue, .number(UInt64($0.value))) })),
            ("seeks", .array(state.seeks.map(Self.json))),
            ("not_answering", .object(state.notAnswering.sorted { $0.key < $1.key }.map { ($0.key.rawValue, .number($0.value)) })),
            ("resumes", JSON(state.resumes)), ("resumes_nothing_because", JSON(state.resumesNothingBecause)),
            ("launching", JSON(state.launching)),
            ("players", .array(players)),
        ])
    }

    /// What a play with nobody to receive it does: "Audacious (audacious.desktop), on a play with
    /// no player" (launched then), "launching Audacious now", or why nothing.
    static func resumeLine(_ state: DescribeStateReply) -> String {
        if let launching = state.launching { return "launching \(launching) now, for the play that found nobody to receive it" }
        if let resumes = state.resumes { return "\(resumes), on a play with no player" }
        return "nothing: \(state.resumesNothingBecause ?? "no player to resume")"
    }

    /// "forward, begun by api 3.2 s ago, handled by NAME PATH; ends by itself in 6.8 s".
    static func describe(_ seek: DescribeStateReply.Seek, now: UInt64) -> String {
        let direction = seek.direction == "beginSeekingBackward" ? "backward" : seek.direction == "beginSeekingForward" ? "forward" : seek.direction
        let ago = Self.seconds(now > seek.since ? now - seek.since : 0)
        let ends = seek.endsBy.map { "; ends by itself in \(Self.seconds($0 > now ? $0 - now : 0)) unless its end comes first" } ?? ""
        return "\(direction), begun by \(seek.source) \(ago) ago, handled by \(seek.handler.busName) \(seek.handler.path)\(ends)"
    }

    /// Microseconds as seconds, to a tenth: "3.2 s".
    private static func seconds(_ microseconds: UInt64) -> String {
        "\(microseconds / 1_000_000).\(microseconds / 100_000 % 10) s"
    }

    static func json(_ seek: DescribeStateReply.Seek) -> JSON {
        .object([
            ("direction", .string(seek.direction)), ("source", .string(seek.source)), ("bus_name", .string(seek.handler.busName.rawValue)),
            ("path", .string(seek.handler.path.rawValue)), ("since", .number(seek.since)),
            ("ends_by", seek.endsBy.map { JSON.number($0) } ?? .null),
        ])
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
            ("kind", .string(kind.rawValue)), ("bus_name", .string(destination.busName.rawValue)), ("app", .string(app.rawValue)),
            ("path", .string(destination.path.rawValue)), ("action", JSON(action)),
        ])
    }
}

extension String {
    /// The string, padded with spaces to `width`.
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
