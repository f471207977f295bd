import Core
import Time

/// The rules as the audio follower and the state keeper see them (``AudioRules``,
/// ``RememberingRules``), and what the devices tell of a jack passed on to the follower.
extension Coordinator: AudioRules, RememberingRules {
    var registry: Registry { router.registry }
    var now: MonotonicInstant { router.now }

    func changeRegistry(_ body: (inout Registry) -> Void) {
        change { body(&$0.registry) }
    }
    var pausesOnRouteLoss: Bool { options.pauseOnRouteLoss }

    func audibilityChanged(_ changes: [(AppID, Audibility)]) {
        change { dispatcher in
            for (app, audibility) in changes { dispatcher.registry.audibilityChanged(app, to: audibility, at: router.now) }
        }
    }

    /// Headphones pulled out of a jack (from the devices): the follower decides who was heard there.
    func headphonesUnplugged(from device: String, card: Int?, at time: MonotonicInstant) {
        audio.headphonesUnplugged(from: device, card: card, at: time)
    }
}
