import Time

/// Apps that did not answer: an event sent to one that gave no answer in time may still be acted
/// on, so it went no further; and so that one hung app cannot hold every key, the events after
/// it pass it by until it answers again (the shell pings it). It stays on the bus, its
/// registrations and history kept: it is only skipped.
extension Registry {
    /// An event sent to `app` got no answer in time.
    public mutating func didNotAnswer(_ app: AppID, at time: MonotonicInstant) {
        guard apps[app] != nil, apps[app]?.notAnsweringSince == nil else { return }
        apps[app]?.notAnsweringSince = time
    }

    /// `app` answered again (a ping): events reach it again. False when it was not skipped.
    @discardableResult
    public mutating func answered(_ app: AppID) -> Bool {
        guard apps[app]?.notAnsweringSince != nil else { return false }
        apps[app]?.notAnsweringSince = nil
        return true
    }

    /// Whether events pass `app` by, as it has not answered since one was sent to it.
    public func isNotAnswering(_ app: AppID) -> Bool {
        apps[app]?.notAnsweringSince != nil
    }

    /// The apps events pass by, and since when each has not answered.
    public var notAnswering: [AppID: MonotonicInstant] {
        apps.compactMapValues(\.notAnsweringSince)
    }
}
