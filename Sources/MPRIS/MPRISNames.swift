import DBusTypes

/// The names of the MPRIS 2 specification.
public enum MPRISNames {
    /// Every MPRIS player owns a name starting with this.
    public static let prefix = "org.mpris.MediaPlayer2."
    public static let path: ObjectPath = "/org/mpris/MediaPlayer2"
    public static let root: InterfaceName = "org.mpris.MediaPlayer2"
    public static let player: InterfaceName = "org.mpris.MediaPlayer2.Player"

    /// Names that are never players to us: our own proxy, and playerctld, which forwards to
    /// other players (treating either as a player would loop or act twice).
    public static let ignoredByDefault: Set<BusName> = [proxyName, playerctldName]
    public static let proxyName: BusName = "org.mpris.MediaPlayer2.mediaremote"
    public static let playerctldName: BusName = "org.mpris.MediaPlayer2.playerctld"

    /// Whether `name` is an MPRIS player's name.
    public static func isPlayerName(_ name: BusName) -> Bool {
        !name.isUnique && name.rawValue.hasPrefix(prefix) && name.rawValue.count > prefix.count
    }
}
