/// Why an event reached nobody.
public enum DiscardReason: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// No app receives remote-control events.
    case nobodyReceiving
    /// Apps receive, but none is Now Playing (none has a player, played, or a first responder).
    case noNowPlayingApp
    /// A motion event, and no responder is first responder.
    case noFirstResponder
    /// Every responder on the chain declined, and MediaRemote has nothing configured for it.
    case declined
    /// The app it would go to did not answer an earlier event in time, and has not answered
    /// since: it is passed by until it does, and nobody else could take the event.
    case notAnswering
    /// A shake was cancelled that no responder had received the beginning of.
    case notStarted
    /// The end of a seek, and no seek in that direction is in progress (none began, it ended
    /// already, or the app seeking left).
    case noSeekInProgress
    /// A shake ended with no responder first responder, and no shake action set to apply.
    case noShakeAction
    /// A shake ended with no responder first responder, and the shake action set had no Now
    /// Playing player to act on.
    case noPlayerForShakeAction
    /// A play with nobody receiving it while the last player is being launched to resume: the
    /// first play goes to it, and this one launches nothing more.
    case launchUnderway
    /// A play that launched the last player to resume, which could not be launched (the log
    /// says why).
    case launchFailed
    /// A play that launched the last player to resume, of which no player that could take it
    /// came in time.
    case launchedPlayerDidNotCome

    public var description: String { rawValue }

    /// A sentence for logs and `mediaremotectl`.
    public var explanation: String {
        switch self {
        case .nobodyReceiving: "no app is receiving remote-control events"
        case .noNowPlayingApp: "no receiving app is Now Playing"
        case .noFirstResponder: "no responder is first responder"
        case .declined: "every responder on the chain declined it"
        case .notAnswering: "the app it would go to has not answered since an earlier event, and nobody else could take it"
        case .notStarted: "no responder received the shake's beginning"
        case .noSeekInProgress: "no seek in that direction is in progress"
        case .noShakeAction: "no responder is first responder, and no shake action is set (shake.action)"
        case .noPlayerForShakeAction: "no responder is first responder, and the shake action has no Now Playing player to act on"
        case .launchUnderway: "the last player is being launched to resume, and the first play goes to it"
        case .launchFailed: "the last player could not be launched to resume (the log says why)"
        case .launchedPlayerDidNotCome: "the last player was launched to resume, and no player of it that could play came within 20 s"
        }
    }
}
