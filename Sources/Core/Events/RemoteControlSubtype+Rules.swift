import MediaRemoteAPI

extension RemoteControlSubtype {
    /// Whether it may pause a playing player: pause, play/pause and stop (rule 2's pin).
    public var mayPause: Bool { self == .pause || self == .togglePlayPause || self == .stop }
}
