import Core
import DBusTypes

/// `Position`, which MPRIS never signals: read from the target when asked (`Get` and
/// `GetAll`), one read of a player at a time (``PositionReads``).
extension ProxyPlayer {
    /// The target's position as it has it now, nil when it cannot be read.
    func readPosition(_ answer: @escaping (Value?) -> Void) {
        guard let owner = target?.busName else { return answer(nil) }
        guard positionReads.add(answer, for: owner) else { return }
        readFromTarget(owner, MPRISMembers.position.name) { [weak self] position in
            guard let self else { return }
            for waiter in self.positionReads.finish(owner) { waiter(position) }
        }
    }
}
