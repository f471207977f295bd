import Core
import Loop
import MediaRemoteAPI
import SystemFiles
import Time

/// The one place the rules' effects are performed: every change of the rules' state and every
/// dispatch goes through here, so what a change asks (``RulesEffect``) is done, in its order,
/// whoever made it.
extension RulesShell {
    /// Applies a change to the rules' state and performs what it asks. A change the rules refuse
    /// throws, having changed nothing.
    @discardableResult
    func change<Result, Failure: Error>(_ change: (inout Dispatcher) throws(Failure) -> Result) throws(Failure) -> Result {
        let (result, effects) = try router.apply(change)
        perform(effects)
        return result
    }

    /// Sends `event` up its chain; `completion` gets the outcome, after `EventDispatched` is out
    /// and what the dispatch's end asks is done.
    func dispatch(_ event: Event, completion: ((Outcome) -> Void)? = nil) {
        perform(router.start(event), completion: completion)
    }

    /// Sends `event` up `app`'s chain alone, whoever is Now Playing (``EventRouter/start(_:to:)``).
    func dispatch(_ event: Event, to app: AppID) {
        perform(router.start(event, to: app))
    }

    /// Does what the rules ask, in the order asked; `completion` is told the outcome of the
    /// dispatch these effects are steps of, if any.
    func perform(_ effects: [RulesEffect], completion: ((Outcome) -> Void)? = nil) {
        for effect in effects {
            switch effect {
            case .motion(let wanted): host?.motionWanted(wanted)
            case .dispatch(let event): dispatch(event)
            case .publish:
                host?.publish()
                graceTimer.arm(at: router.registry.graceEnds(after: router.now))
            case .endSeeks(let deadline): seekTimer.arm(at: deadline)
            case .deliver(let running, let link):
                let timeout = running.resumes == link.app ? max(Resumption.firstAnswerPatience, responderTimeout) : nil
                deliver(running.event, to: link, timeout: timeout) { [weak self] answer in
                    guard let self else { return }
                    self.perform(self.router.answered(running, answer), completion: completion)
                }
            case .announce(let event, let outcome):
                RulesShell.log(event, outcome, nothingResumed: outcome == .discarded(.nobodyReceiving) ? whyNothingResumed(event) : nil)
                announce(event, outcome)
            case .finished(let outcome): completion?(outcome)
            case .awaitAnswer(let app): answers.watch(app, hasPlayer: router.registry.player(of: app) != nil)
            case .launch(let launch): self.launch(launch, completion: completion)
            case .resume:
                launchTimer.arm(at: nil)
                perform(router.resume(), completion: takeResumeCompletion())
                trialTimer.arm(at: router.dispatcher.trialDeadline)
            }
        }
    }

    /// A seek begun by a call ends by itself when no end comes (``SeekInProgress/longestWithoutEnd``):
    /// a script that lost its key-up does not skip through a playlist. The ends due are
    /// dispatched, and the timer armed for the next.
    func endSeeksDue() {
        for event in change({ $0.takeSeekEndsDue(at: router.now) }) {
            Log.info("\(RulesShell.describe(event)): the seek begun by a call \(SeekInProgress.longestWithoutEnd) ago got no end; ending it")
            dispatch(event)
        }
        perform([.endSeeks(at: router.dispatcher.nextSeekDeadline)])
    }
}
