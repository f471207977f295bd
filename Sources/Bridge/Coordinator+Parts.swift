import Core
import Time

/// The rules as the audio follower and the state keeper see them (``AudioRules``,
/// ``RememberingRules``).
extension Coordinator: AudioRules, RememberingRules {
    var registry: Registry { router.registry }
    var now: MonotonicInstant { router.now }
    var pausesOnRouteLoss: Bool { options.pauseOnRouteLoss }

    func changeRegistry(_ body: (inout Registry) -> Void) {
        change { body(&$0.registry) }
    }

    func audibilityChanged(_ changes: [(AppID, Audibility)]) {
        change { $0.registry.audibilityChanged(changes, at: router.now) }
    }
}
