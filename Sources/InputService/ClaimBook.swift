import DBusTypes

/// Who holds the keyboards' keys: the claims made, by connection and user, and logind's word on
/// whose session is active on the seat. Pure: the shell tells it what happened and compares
/// ``holder`` before and after.
///
/// The keys go to one claim at a time, that of the seat's active user, so fast user switching
/// moves them with the seat; should that user have several claims (a second mediaremoted on a
/// private bus, `make run`), the most recent holds them, and the one before holds them again
/// when it goes. A claim of a user whose session is not the active one waits, kept, for the
/// seat to come back to them.
struct ClaimBook: Sendable {
    /// The most claims one user may hold at once: one service per bus, and a few buses.
    static let claimsPerUser = 4

    struct Claim: Equatable, Sendable {
        let user: UInt32
        /// When it was made, in claims: the higher, the more recent.
        let order: Int
    }

    /// What a claim came to.
    enum Claimed: Equatable, Sendable {
        case claimed
        /// The connection had claimed already: nothing changes.
        case alreadyClaimed
        /// The user holds ``claimsPerUser`` claims already.
        case tooMany
    }

    private(set) var claims: [BusName: Claim] = [:]
    /// The user whose session is active on the seat; nil when nobody's is (a greeter, a text
    /// console with nobody logged in, no logind).
    private(set) var activeUser: UInt32?
    private var made = 0

    /// The claim holding the keys: the seat's active user's most recent; nil when there is none.
    var holder: BusName? {
        claims.filter { $0.value.user == activeUser }.max { $0.value.order < $1.value.order }?.key
    }

    mutating func claim(_ name: BusName, user: UInt32) -> Claimed {
        if claims[name] != nil { return .alreadyClaimed }
        if claims.values.count(where: { $0.user == user }) >= Self.claimsPerUser { return .tooMany }
        made += 1
        claims[name] = Claim(user: user, order: made)
        return .claimed
    }

    /// Ends the claim of `name` (released, or its connection left the bus); false when it had none.
    @discardableResult
    mutating func release(_ name: BusName) -> Bool {
        claims.removeValue(forKey: name) != nil
    }

    /// logind says whose session is active on the seat now.
    mutating func seatChanged(activeUser: UInt32?) {
        self.activeUser = activeUser
    }
}
