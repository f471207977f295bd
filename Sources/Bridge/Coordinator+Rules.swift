import Core
import MPRIS
import Time

/// The rules shell's host (``RulesHost``), and the rules as the devices see them
/// (``EventDispatching``): each change and dispatch goes to the shell, the one place they are
/// performed.
extension Coordinator: RulesHost, EventDispatching {
    func motionWanted(_ wanted: Bool) {
        inputs.setMotionActive(wanted)
    }

    func shuffle(of app: AppID) -> Bool? {
        tracker.value(of: MPRISMembers.shuffle, of: app)
    }

    /// Applies a change to the rules' state and performs what it asks (``RulesShell/change(_:)``).
    @discardableResult
    func change<Result, Failure: Error>(_ change: (inout Dispatcher) throws(Failure) -> Result) throws(Failure) -> Result {
        try rules.change(change)
    }

    func dispatch(_ event: Event, completion: ((Outcome) -> Void)? = nil) {
        rules.dispatch(event, completion: completion)
    }

    func dispatch(_ event: Event, to app: AppID) {
        rules.dispatch(event, to: app)
    }

    /// Headphones pulled out of a jack (from the devices): the audio follower decides who was
    /// heard there.
    func headphonesUnplugged(from device: String, card: Int?, at time: MonotonicInstant) {
        audio.headphonesUnplugged(from: device, card: card, at: time)
    }
}
