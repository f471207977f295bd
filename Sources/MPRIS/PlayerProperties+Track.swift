import Core
import DBusTypes

extension PlayerProperties {
    /// Whether a player, by its `org.mpris.MediaPlayer2.Player` properties as just read, has
    /// nothing to play: it says Stopped, or it says Playing with a `Metadata` that holds no track
    /// at all (empty, or a track id alone). An mpv opened with no file says Stopped, or in some
    /// starts Playing, with only `mpris:trackid` `/noplaylist` (mpv-mpris, seen in ResumeTests).
    /// Properties that could not be read (`[:]`), a player paused, or one whose `Metadata` holds
    /// anything else (a stream's title, a url, a length of any type) may have something: false.
    public static func hasNothingToPlay(_ properties: [String: Value]) -> Bool {
        switch PlayerProperties(properties).status {
        case .stopped?: true
        case .playing?: MPRISMembers.metadata.value(in: properties).map { $0.keys.allSatisfy { $0 == "mpris:trackid" } } ?? false
        default: false
        }
    }
}
