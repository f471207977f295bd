import Loop
import SystemFiles

/// Fast user switching by logind's word: while another user's session has the seat, the devices
/// are let go, even those this user may still read (the input group, root: the nodes' ACLs,
/// which the table also follows, do not change for them).
///
/// logind keeps `/run/systemd/users/UID` with `STATE=active` while one of the user's sessions
/// is the seat's active one, `online` while the user is logged in otherwise. The devices are let
/// go only once this user has had the seat and lost it: a user who is only ever logged in over
/// ssh (a server with a USB remote) is never `active`, and keeps them.
extension MediaDevices {
    /// Starts following logind's file for this user, if there is one (no logind: no following).
    func followSeat() {
        guard let file = options.userStateFile else { return }
        seatWatch = try? DeviceDirectory(file: file, loop: loop) { [unowned self] _ in self.userStateChanged() }
        guard seatWatch != nil else { return }
        handle(.seat(active: Self.userState(file) == "active"))
    }

    /// The user's STATE in logind's file, nil when there is none.
    static func userState(_ file: String) -> String? {
        SmallFile.assignments(file)?["STATE"]
    }

    /// logind's file changed: the table lets every device go, or reads again what was let go
    /// (DeviceTable+Seat.swift).
    private func userStateChanged() {
        guard let file = options.userStateFile else { return }
        handle(.seat(active: Self.userState(file) == "active"))
    }
}
