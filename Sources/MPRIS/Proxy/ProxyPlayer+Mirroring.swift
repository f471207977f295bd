import Core
import DBus
import DBusTypes

/// The proxy's properties as its target's: their values, and `PropertiesChanged` and `Seeked`
/// when the target changes, or changes player.
extension ProxyPlayer {
    /// The target's value of `property` (of its root interface when `root`), or the
    /// property's fallback when there is no target or the target's value is of another type.
    func mirror(_ property: MirroredProperty, root: Bool = false) -> Value {
        guard let app = target else { return property.fallback }
        return property.value(in: root ? tracker.rootProperties(of: app) : tracker.properties(of: app))
    }

    /// "MediaRemote", and which player it stands for.
    var identity: String {
        guard let (app, player) = rules?.nowPlayingPlayer else { return "MediaRemote" }
        let name = tracker.rootValue(of: MPRISMembers.identity, of: app) ?? player.busName.rawValue
        return "MediaRemote (\(name))"
    }

    /// Now Playing moved, or the target's properties changed (`names`, as the target said
    /// them): announce what changed.
    public func targetChanged(properties names: [String]? = nil) {
        let current = target
        var changed: [MemberName] = []
        if current != mirrored {
            mirrored = current
            changed = ProxyPlayer.mirroredProperties.map(\.name)
            targetRootChanged(current)
            // Position is never signalled: clients that follow it (playerctl --follow, status
            // bars) count on from the last Seeked, so a new player's position must be said.
            if current != nil {
                readPosition { [weak self] position in
                    guard let self, self.target == current, case .int64(let position)? = position else { return }
                    self.emitSeeked(position)
                }
            }
        } else if let names, current != nil {
            let named = Set(names)
            changed = ProxyPlayer.mirroredProperties.map(\.name).filter { named.contains($0.rawValue) }
        }
        if !changed.isEmpty { try? connection.emitPropertiesChanged(changed, of: MPRISNames.player, at: MPRISNames.path) }
    }

    /// The target's root properties changed (it became the target, or they were read).
    private func targetRootChanged(_ app: AppID?) {
        guard app == target else { return }
        let names = [MPRISMembers.identity.name] + ProxyPlayer.mirroredRootProperties.map(\.name)
        try? connection.emitPropertiesChanged(names, of: MPRISNames.root, at: MPRISNames.path)
    }

    private func emitSeeked(_ position: Int64) {
        try? connection.emit(MPRISMembers.seeked, SeekedPosition(position), of: MPRISNames.player, at: MPRISNames.path)
    }
}

/// The tracker's news of the players, of which the proxy heeds its target's.
extension ProxyPlayer: PlayerMirror {
    public func playerPropertiesChanged(_ app: AppID, _ names: [String]) {
        if app == target { targetChanged(properties: names) }
    }

    /// The target said it jumped: say it too.
    public func playerSeeked(_ app: AppID, to position: Int64) {
        if app == target { emitSeeked(position) }
    }

    public func playerRootPropertiesRead(_ app: AppID) {
        targetRootChanged(app)
    }
}
