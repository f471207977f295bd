import DBus
import DBusTypes

/// What the Now Playing player is playing, read from the player itself over MPRIS (as
/// playerctl does), so it works with the service's proxy turned off.
struct NowPlayingTrack: Equatable {
    /// The player's well-known name.
    var player: BusName
    var status: String?
    var title: String?
    var artists: [String] = []
    var album: String?
    /// Microseconds; nil when the player does not say.
    var position: Int64?
    var length: Int64?

    static let path: ObjectPath = "/org/mpris/MediaPlayer2"
    static let interface: InterfaceName = "org.mpris.MediaPlayer2.Player"

    /// Reads the player named `name` (GetAll, which carries Position); nil when it cannot be read.
    static func read(_ name: BusName, on connection: Connection) -> NowPlayingTrack? {
        guard
            let all = try? connection.callBlocking(
                StandardMembers.getAllLeniently, InterfaceArgument(interface), destination: name, path: path, interface: .properties,
                timeout: .seconds(2))
        else { return nil }
        return NowPlayingTrack(name, all)
    }

    /// The same, answered on the loop (for `--follow`, whose reading happens in signal handlers).
    static func read(_ name: BusName, on connection: Connection, _ answer: @escaping (NowPlayingTrack?) -> Void) {
        connection.call(
            StandardMembers.getAllLeniently, InterfaceArgument(interface), destination: name, path: path, interface: .properties,
            timeout: .seconds(2)
        ) { result in
            answer((try? result.get()).map { NowPlayingTrack(name, $0) })
        }
    }

    private init(_ name: BusName, _ all: LenientPropertyMap) {
        player = name
        apply(all.properties)
    }

    init(player: BusName) { self.player = player }

    /// Takes what a property map says (`GetAll`'s reply, or `PropertiesChanged`'s changes),
    /// leniently: a value of the wrong type is left out.
    mutating func apply(_ properties: [String: Value]) {
        for (name, value) in properties {
            switch name {
            case "PlaybackStatus": if case .string(let text) = value { status = text }
            case "Position": position = NowPlayingTrack.integer(value)
            case "Metadata": applyMetadata(value)
            default: break
            }
        }
    }

    private mutating func applyMetadata(_ metadata: Value) {
        (title, artists, album, length) = (nil, [], nil, nil)
        guard case .dictionary(_, _, let entries) = metadata else { return }
        for entry in entries {
            guard case .string(let key) = entry.key else { continue }
            let value = entry.value.unwrapped
            switch key {
            case "xesam:title": if case .string(let text) = value, !text.isEmpty { title = text }
            case "xesam:album": if case .string(let text) = value, !text.isEmpty { album = text }
            case "xesam:artist":
                // MPRIS says `as`; some players send one string.
                if case .array(_, let items) = value {
                    artists = items.compactMap { if case .string(let text) = $0, !text.isEmpty { text } else { nil } }
                } else if case .string(let text) = value, !text.isEmpty {
                    artists = [text]
                }
            case "mpris:length": length = NowPlayingTrack.integer(value)
            default: break
            }
        }
    }

    /// `x` as MPRIS says, or any other integer a player sends instead.
    private static func integer(_ value: Value) -> Int64? {
        switch value {
        case .int64(let number): number
        case .uint64(let number): Int64(clamping: number)
        case .int32(let number): Int64(number)
        case .uint32(let number): Int64(number)
        // A garbage double (NaN, 1e300) is not a time: nil, never a trap.
        case .double(let number): Int64(exactly: number.rounded(.towardZero))
        default: nil
        }
    }

    /// "Artist - Title" (as playerctl's default format), or whichever of them there is; nil with neither.
    var heading: String? {
        let artist = artists.isEmpty ? nil : artists.joined(separator: ", ")
        switch (artist, title) {
        case (let artist?, let title?): return "\(artist) - \(title)"
        case (nil, let title?): return title
        case (let artist?, nil): return artist
        case (nil, nil): return nil
        }
    }

    /// "0:12 / 3:04", "0:12" without a length, nil without a position.
    var progress: String? {
        guard let position else { return nil }
        let shown = NowPlayingTrack.clock(position)
        return length.map { "\(shown) / \(NowPlayingTrack.clock($0))" } ?? shown
    }

    /// Microseconds as m:ss, or h:mm:ss from an hour on.
    static func clock(_ microseconds: Int64) -> String {
        let seconds = max(0, microseconds) / 1_000_000
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        let ss = rest < 10 ? "0\(rest)" : "\(rest)"
        if hours > 0 { return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(ss)" }
        return "\(minutes):\(ss)"
    }

    /// Status, heading and progress: `Playing  Artist - Title  0:12 / 3:04`.
    var summary: String {
        [status ?? "?", heading ?? "(no title)", progress].compactMap { $0 }.joined(separator: "  ")
    }

    /// The summary and the player: `Playing  Artist - Title  0:12 / 3:04  (org.mpris.MediaPlayer2.mpv)`.
    var line: String { summary + "  (\(player))" }

    /// As `status --json` and `status --follow --json` print it; what the player does not say is
    /// null, but artists, a list, is [] when it names none.
    var json: JSON {
        .object([
            ("player", .string(player.rawValue)), ("status", JSON(status)), ("title", JSON(title)),
            ("artists", .array(artists.map(JSON.string))), ("album", JSON(album)),
            ("position_us", JSON(position.map { UInt64(max(0, $0)) })), ("length_us", JSON(length.map { UInt64(max(0, $0)) })),
        ])
    }
}
