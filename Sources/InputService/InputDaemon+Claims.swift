import DBus
import DBusTypes
import Input
import MediaRemoteAPI
import SystemFiles

/// Claims: made by a session's mediaremoted, checked with logind, ended by a release or by the
/// claimant leaving the bus; and what follows when the keys change hands.
extension InputDaemon {
    /// `ClaimMediaKeys` from `caller`: its user is asked of the bus (the kernel's credentials
    /// of its socket), then logind: a user with no session on a seat is refused.
    func claim(from caller: BusName?, call: TypedCall<NoArguments>) {
        guard let caller else { return call.fail(.failed("a call without a sender cannot claim")) }
        claimsBeingChecked[caller, default: 0] += 1
        connection.userID(of: caller) { [weak self] user in
            guard let self else { return call.fail(.failed("mediaremote-inputd is stopping")) }
            // Released while its user was asked: the release stands.
            guard let checks = claimsBeingChecked[caller] else { return call.fail(.failed("the claim was released before it was taken")) }
            claimsBeingChecked[caller] = checks > 1 ? checks - 1 : nil
            guard let user else { return call.fail(.failed("the bus could not say whose connection \(caller) is")) }
            guard logind.hasSessionOnSeat(user) else {
                Log.info("refused a claim from \(caller): user \(user) has no session on a seat")
                return call.fail(DBusError(
                    InputServiceNames.notAtSeat,
                    "user \(user) has no session on a seat (logged in over ssh, or a system user): "
                        + "only the person at the machine may have its keyboards' media keys"))
            }
            switch book.claim(caller, user: user) {
            case .alreadyClaimed:
                call.reply()
            case .tooMany:
                call.fail(DBusError(
                    InputServiceNames.limitExceeded,
                    "user \(user) holds \(ClaimBook.claimsPerUser) claims already; release one first"))
            case .claimed:
                call.reply()
                Log.info("\(caller) (user \(user)) claimed the media keys")
                claimWatches[caller] = connection.watchNameOwner(caller) { [weak self] owner in
                    if owner == nil { self?.endClaim(of: caller, because: "left the bus") }
                }
                if !holderMayHaveChanged() { tell(caller) }
            }
        }
    }

    /// `ReleaseMediaKeys` from `caller`.
    func release(from caller: BusName?) {
        guard let caller else { return }
        claimsBeingChecked[caller] = nil
        endClaim(of: caller, because: "released its claim")
    }

    private func endClaim(of name: BusName, because reason: String) {
        guard book.release(name) else { return }
        claimWatches.removeValue(forKey: name)?.cancel()
        Log.info("\(name) \(reason)")
        holderMayHaveChanged()
    }

    /// Gives the keys to the claim that should hold them, if that changed: the keys held down
    /// are released to the claim that saw them pressed, the keyboards are taken over or let go,
    /// and every claim is told. Returns whether the holder changed.
    @discardableResult
    func holderMayHaveChanged() -> Bool {
        let next = book.holder
        guard next != holder else { return false }
        releaseDownKeys()
        holder = next
        if let next {
            Log.info("the media keys go to \(next) (user \(book.claims[next]?.user ?? 0))")
            startReading()
        } else {
            Log.info("no claim holds the media keys: every keyboard is the desktop's alone")
            stopReading()
        }
        tellEveryClaim()
        return true
    }

    /// Tells each claim whether it holds the keys, and what the keyboards are.
    func tellEveryClaim() {
        for name in book.claims.keys.sorted() { tell(name) }
    }

    func tell(_ name: BusName) {
        let body = KeyboardsChanged(holding: name == holder, keyboards: keyboardsSeen.map(\.described))
        do {
            try connection.emit(InputServiceMembers.keyboardsChanged, body, of: InputServiceNames.interface, at: InputServiceNames.objectPath, to: name)
        } catch {
            Log.warning("cannot tell \(name) about the keyboards: \(error.message)")
        }
    }
}
