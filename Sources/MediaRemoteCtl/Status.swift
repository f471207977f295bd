import ArgumentParser
import Bridge
import DBus

/// `mediaremotectl status`: the state of the rules, at a glance.
struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show Now Playing, the first responder, the mode and the players.",
        discussion: """
            Example:
              $ mediaremotectl status
              Now Playing:     org.mpris.MediaPlayer2.mpv
              First responder: none
              Mode:            compat
              Chain:           player org.mpris.MediaPlayer2.mpv (:1.12)
              Receiving:       :1.12
              Motion claims:   none
              Players:         org.mpris.MediaPlayer2.mpv  Playing  receiving
            """
    )

    @Flag(help: "One JSON object.")
    var json = false

    func run() throws {
        let client = try ServiceClient()
        let reply = try client.call(.properties, "GetAll", [.string(BridgeNames.interface.rawValue)])
        let properties: [String: Value] = (try? .init(dbusValue: reply.arguments.first ?? .array(.string, []))) ?? [:]
        let nowPlaying = (try? String(dbusValue: properties["NowPlaying"] ?? .string(""))) ?? ""
        var responder = ("", "/")
        if case .structure(let fields)? = properties["FirstResponder"], fields.count == 2, case .string(let name) = fields[0],
            case .objectPath(let path) = fields[1]
        {
            responder = (name, path.rawValue)
        }
        let mode = (try? String(dbusValue: properties["Mode"] ?? .string(""))) ?? ""
        let version = (try? String(dbusValue: properties["Version"] ?? .string(""))) ?? ""
        let players = Status.players(properties["Players"])
        let stateReply = try client.call(BridgeNames.interface, "DescribeState")
        let state: [String: Value] = (try? .init(dbusValue: stateReply.arguments.first ?? .array(.string, []))) ?? [:]
        let chain = (try? [String](dbusValue: state["chain"] ?? .array(.string, []))) ?? []
        let discarded = (try? String(dbusValue: state["chain_discarded"] ?? .string(""))) ?? ""
        let receiving = (try? [String](dbusValue: state["receiving"] ?? .array(.string, []))) ?? []
        let claims: [String: UInt32] = (try? .init(dbusValue: state["motion_claims"] ?? .dictionary(key: .string, value: .uint32, []))) ?? [:]
        if json {
            print(JSONLine([
                ("version", .string(version)), ("now_playing", .string(nowPlaying)),
                ("first_responder", .object(JSONLine([("bus_name", .string(responder.0)), ("path", .string(responder.1))]))),
                ("mode", .string(mode)),
                ("chain", .array(chain.map { .string($0) })), ("chain_discarded", .string(discarded)),
                ("receiving", .array(receiving.map { .string($0) })),
                ("motion_claims", .object(JSONLine(claims.sorted { $0.key < $1.key }.map { ($0.key, .number(UInt64($0.value))) }))),
                ("players", .array(players.map { .object(JSONLine([
                    ("name", .string($0.name)), ("status", .string($0.status)), ("receiving", .bool($0.receiving)),
                ])) })),
            ]).text)
            return
        }
        print("Now Playing:     \(nowPlaying.isEmpty ? "none" : nowPlaying)")
        print("First responder: \(responder.0.isEmpty ? "none" : "\(responder.0) \(responder.1)")")
        print("Mode:            \(mode)")
        print("Chain:           \(chain.isEmpty ? "none: \(Send.explain(discarded))" : chain.joined(separator: " → "))")
        print("Receiving:       \(receiving.isEmpty ? "none" : receiving.joined(separator: " "))")
        print("Motion claims:   \(claims.isEmpty ? "none" : claims.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: " "))")
        if players.isEmpty { print("Players:         none") }
        for (index, player) in players.enumerated() {
            print("\(index == 0 ? "Players:" : "")".padding(17) + "\(player.name)  \(player.status)  \(player.receiving ? "receiving" : "not receiving")")
        }
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

extension String {
    /// The string, padded with spaces to `width`.
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
