import SystemFiles

/// logind's word, read from the files it keeps for sd-login under /run/systemd, as sd-login
/// reads them (`sd_seat_get_active`, `sd_uid_get_seats`): whose session is active on a seat, and
/// whether a user has a session on a seat at all. The files are replaced whole as sessions
/// change, so a reader sees one state or the next, never half of one.
struct LogindFiles: Sendable {
    /// The seat keyboards belong to unless udev says otherwise; the only one served.
    static let seat = "seat0"

    /// `/run/systemd`, or a test's folder laid out the same.
    let root: String

    var seatsDirectory: String { root + "/seats" }
    var seatFile: String { seatsDirectory + "/" + Self.seat }

    /// The user whose session is active on the seat; nil when nobody's is, or logind keeps no
    /// file for the seat.
    func activeUser() -> UInt32? {
        SmallFile.assignments(seatFile)?["ACTIVE_UID"].flatMap { UInt32($0) }
    }

    /// Whether `user` has a session on a seat (active or not): someone at the machine, not only
    /// logged in over ssh, and not a system service's user.
    func hasSessionOnSeat(_ user: UInt32) -> Bool {
        guard let seats = SmallFile.assignments(root + "/users/\(user)")?["SEATS"] else { return false }
        return !seats.split(separator: " ").isEmpty
    }
}
