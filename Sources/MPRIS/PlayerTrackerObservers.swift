import Core
import DBusTypes

/// What the tracker tells the rules, on the loop: players coming, changing and going.
public protocol PlayerTrackerDelegate: AnyObject {
    /// A player whose name came up while the tracker watched `appeared`; one already there
    /// when it listed the bus was `found`.
    func playerAppeared(_ app: AppID, _ player: Player, _ arrival: PlayerArrival)
    /// Its status or capabilities changed (nil: that one did not).
    func playerChanged(_ app: AppID, status: PlaybackStatus?, capabilities: PlayerCapabilities?)
    func playerVanished(_ app: AppID)
    /// Its root interface's properties were read (after it appeared): its desktop entry and
    /// identity, each nil when it names none.
    func playerDescribed(_ app: AppID, desktopEntry: String?, identity: String?)
    /// A player whose properties could not be read, and why; it is not tracked.
    func playerUnreadable(_ name: BusName, _ error: DBusError)
}

/// What the tracker tells a mirror of its players (the MPRIS proxy), on the loop.
public protocol PlayerMirror: AnyObject {
    /// Any of a player's properties changed: their names.
    func playerPropertiesChanged(_ app: AppID, _ names: [String])
    /// A player said it jumped (`Seeked`): its new position in microseconds.
    func playerSeeked(_ app: AppID, to position: Int64)
    /// A player's root interface's properties were read (after it appeared).
    func playerRootPropertiesRead(_ app: AppID)
}
