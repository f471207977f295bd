import DBus
import DBusTypes
import TestSupport

/// Which MPRIS players a desktop gives a card (a media control of their own), each rule written
/// as that desktop's code decides it and read from the live bus the way it reads it, so a test
/// counts the cards a person would see. Each returns the bus names that get a card, sorted.
enum DesktopRules {
    static let prefix = "org.mpris.MediaPlayer2."
    static let path: ObjectPath = "/org/mpris/MediaPlayer2"

    /// GNOME Shell, js/ui/mpris.js (read at GNOME/gnome-shell b63c6ac): `MediaSection` makes an
    /// `MprisPlayer` for every name where `name.startsWith(MPRIS_PLAYER_PREFIX)`
    /// ('org.mpris.MediaPlayer2.'), and `_updateState` shows its message while
    /// `let visible = this._playerProxy.CanPlay;` is true.
    static func gnomeShell(_ fixture: ServiceFixture) -> [String] {
        playerNames(fixture).filter { property(fixture, $0, "CanPlay") == .boolean(true) }
    }

    /// Plasma's libkmpris (plasma-workspace): `Mpris2SourceModel` makes a row for every name
    /// starting with the prefix once its properties are read, unless its `Identity` is empty
    /// ("isn't standard-compliant, ignoring"); each row keeps the name's `servicePid`
    /// (GetConnectionUnixProcessID) and its metadata's `kde:pid` (`toUInt()`).
    /// `Mpris2FilterProxyModel` collects every row's `kde:pid` above 0 and hides each row whose
    /// process is among them: plasma-browser-integration names its browser so.
    static func plasma(_ fixture: ServiceFixture) -> [String] {
        let rows = playerNames(fixture).filter {
            guard case .string(let identity) = property(fixture, $0, "Identity", of: "org.mpris.MediaPlayer2") else { return false }
            return !identity.isEmpty
        }
        let named = Set(rows.compactMap { kdePID(in: property(fixture, $0, "Metadata")) })
        return rows.filter { processID(fixture, of: $0).map { !named.contains($0) } ?? true }
    }

    /// swaync's MPRIS widget (src/controlCenter/widgets/mpris/mpris.vala), like other bars' lists
    /// of players: a card for every name starting with the prefix, except those a `blacklist`
    /// pattern finds in it (`GLib.Regex.match_simple`, unanchored) and a name that starts with
    /// one already carded, or that one starts with (`check_player_exists`: an instance of a player).
    static func everyName(_ fixture: ServiceFixture, blacklist: [String] = []) -> [String] {
        let patterns = blacklist.compactMap { try? Regex($0) }
        var carded: [String] = []
        for name in playerNames(fixture) where !patterns.contains(where: { name.contains($0) }) {
            if !carded.contains(where: { name.hasPrefix($0) || $0.hasPrefix(name) }) { carded.append(name) }
        }
        return carded
    }

    static func playerNames(_ fixture: ServiceFixture) -> [String] {
        ((try? fixture.client.listNames()) ?? []).map(\.rawValue).filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// A property of the player's Player interface (or `interface`), read through the fixture's
    /// loop so players the test exports on it can answer.
    static func property(_ fixture: ServiceFixture, _ name: String, _ property: String,
                         of interface: String = "org.mpris.MediaPlayer2.Player") -> Value? {
        guard let busName = try? BusName(name),
            case .success(let reply) = fixture.call(busName, path, .properties, "Get", [.string(interface), .string(property)])
        else { return nil }
        return reply.arguments.first?.unwrapped
    }

    /// The process that owns `name`, as the bus knows it.
    static func processID(_ fixture: ServiceFixture, of name: String) -> UInt32? {
        guard case .success(let reply) = fixture.call(.bus, "/org/freedesktop/DBus", .bus, "GetConnectionUnixProcessID", [.string(name)]),
            case .uint32(let pid)? = reply.arguments.first
        else { return nil }
        return pid
    }

    /// The metadata's `kde:pid` as libkmpris takes it: any integer type, 0 meaning none.
    static func kdePID(in metadata: Value?) -> UInt32? {
        guard case .dictionary(_, _, let entries)? = metadata,
            let value = entries.first(where: { $0.key == .string("kde:pid") })?.value.unwrapped
        else { return nil }
        let number: Int64? = switch value {
        case .byte(let n): Int64(n)
        case .int16(let n): Int64(n)
        case .uint16(let n): Int64(n)
        case .int32(let n): Int64(n)
        case .uint32(let n): Int64(n)
        case .int64(let n): n
        case .uint64(let n): Int64(exactly: n)
        default: nil
        }
        guard let number, number > 0 else { return nil }
        return UInt32(exactly: number)
    }
}
