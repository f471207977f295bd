import MediaRemoteAPI

extension ShakeAction {
    /// Whether a player with these capabilities can take the action (shuffle needs
    /// `CanControl`, as MPRIS says for writing `Shuffle`; whether it has one is its answer's).
    public func allowed(by capabilities: PlayerCapabilities) -> Bool {
        if let subtype = remoteControl { return capabilities.allow(subtype) }
        return self == .shuffle && capabilities.contains(.control)
    }
}
