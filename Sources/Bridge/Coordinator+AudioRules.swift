import Core
import Time

/// The rules as the audio follower sees them (``AudioRules``), and what the devices tell of a
/// jack passed on to it.
extension Coordinator: AudioRules {
    var registry: Registry { router.registry }
    var now: MonotonicInstant { router.now }
    var pausesOnRouteLoss: Bool { options.pauseOnRouteLoss }

    func audibilityChanged(_ changes: [(AppID, Audibility)]) {
        change { dispatcher in
            for (app, audibility) in changes { dispatcher.registry.audibilityChanged(app, to: audibility, at: router.now) }
        }
    }

    /// Connects to the audio server, and watches for one to come.
    func startFollowingAudio() {
        audio.start()
    }

    /// Headphones pulled out of a jack (from the devices): the follower decides who was heard there.
    func headphonesUnplugged(from device: String, card: Int?, at time: MonotonicInstant) {
        audio.headphonesUnplugged(from: device, card: card, at: time)
    }
}
