import DBusTypes

extension PlayerProperties {
    /// Whether the `org.mpris.MediaPlayer2.Player` properties name a track to play: its
    /// `Metadata` gives a url, a title or a length. Nil when it gives no `Metadata` at all
    /// (nobody can tell). An mpv opened with no file says only `mpris:trackid` `/noplaylist`,
    /// and in some starts says Playing all the same (mpv-mpris, seen in ResumeTests).
    public static func namesTrack(_ properties: [String: Value]) -> Bool? {
        guard let metadata = MPRISMembers.metadata.value(in: properties) else { return nil }
        for key in ["xesam:url", "xesam:title"] {
            if case .string(let text)? = metadata[key]?.unwrapped, !text.isEmpty { return true }
        }
        switch metadata["mpris:length"]?.unwrapped {
        case .int64(let length)?: return length > 0
        case .uint64(let length)?: return length > 0
        default: return false
        }
    }
}
