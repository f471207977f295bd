import Time

/// Fast user switching: while another session has the seat, the devices are let go, so that
/// session's desktop and MediaRemote read them; they are read again when it comes back.
///
/// Two words say the seat went. The node's: udev moves a node's ACL as the seat's sessions
/// change (logind's uaccess), so a device read that may no longer be read is let go. logind's:
/// `/run/systemd/users/UID` says `STATE=active` while one of the user's sessions has the seat,
/// which covers a user who reads through the input group (or root), whose ACL does not change.
/// The devices are let go by logind's word only once this user has had the seat and lost it: a
/// user only ever logged in over ssh (a server with a USB remote) is never `active`, and keeps them.
extension DeviceTable {
    /// The node of a device read is readable, or not: its permission gone, the seat went to
    /// another session, and so did the device's keys.
    mutating func nodeChanged(_ path: String, readable: Bool) -> [Action] {
        guard case .notRead = choice.nodeChanged(readable: readable), listed[path]?.isRead == true else { return [] }
        return letGo(path)
    }

    /// logind's word: the seat went to another session (let every device go), or came back
    /// (look again at what was let go; listed as another session's until read again or, its
    /// node not given back yet, until udev gives it back).
    mutating func seatChanged(active: Bool) -> [Action] {
        if active { hadSeat = true }
        let away = hadSeat && !active
        guard away != seatAway else { return [] }
        seatAway = away
        guard away else { return letGoForSession.sorted().map(Action.identify) }
        return devices.filter(\.isRead).flatMap { letGo($0.path) }
    }

    /// Let go as if it went away (ungrabbed, its clone removed, its held keys ended), and listed
    /// as another session's.
    private mutating func letGo(_ path: String) -> [Action] {
        guard let device = listed[path] else { return [] }
        return remove(path) + markSeatLost(path, device.name, device.classification)
    }

    /// How long, and how often, a node udev has not named a seat for is looked at again: udev
    /// names a device's seat within milliseconds of its plugging in; one it never names (no udev
    /// rule tags it) is taken for seat0's after two seconds, as logind takes it.
    static let seatWait = Duration.seconds(2)
    static let seatLookInterval = Duration.milliseconds(100)

    /// udev has not named the seat of the node at `path` yet: closed, unlisted, and looked at
    /// again in a moment; false once it has waited ``seatWait`` (then it is seat0's).
    mutating func awaitSeat(_ path: String, at now: MonotonicInstant) -> Bool {
        let since = seatLooks[path] ?? now
        guard now - since < Self.seatWait else {
            seatLooks[path] = nil
            return false
        }
        seatLooks[path] = since
        if seatLookDue == nil { seatLookDue = now + Self.seatLookInterval }
        return true
    }
}
