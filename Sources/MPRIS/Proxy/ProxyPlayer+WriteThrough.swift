import Core
import DBus
import DBusTypes

/// `Set` of a writable property, passed to the target.
extension ProxyPlayer {
    /// A property write, passed to the target and answered with its answer. Once taken, the
    /// value the player then has is what the proxy reads, so a `Get` right after the `Set` sees
    /// it. With nothing to control it is answered, and does nothing.
    func writeThrough(_ property: MemberName, _ value: Value, _ done: @escaping (DBusError?) -> Void) {
        guard let app = target else { return done(nil) }
        let owner = app.busName
        let tracker = self.tracker
        // Unless the player says otherwise first (clamping a volume, say) before it answers.
        let mark = tracker.signalMark(of: property, of: app)
        let write = Message.methodCall(
            StandardMembers.set, PropertyWrite(PropertyAddress(MPRISNames.player, property), value), destination: owner, path: MPRISNames.path,
            interface: .properties)
        calls.call(write, timeout: callTimeout) { [weak self] result in
            if case .failure(let error) = result { return done(error) }
            // Taken; read back what the player made of it (a clamped volume, or a write it
            // ignored), and answer with that in place.
            guard let self else { return done(nil) }
            self.readFromTarget(owner, property) { now in
                let taken = now.flatMap { $0.type == value.type ? $0 : nil } ?? value
                tracker.remember(taken, as: property, of: app, unlessSignalledSince: mark)
                done(nil)
            }
        }
    }
}
