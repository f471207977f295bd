/// What the audio server says of an app's sound: a fact with a time, like a player's status
/// (the bridge matches the server's streams to players; the rules only weigh what it found).
public enum Audibility: String, Hashable, Sendable, CustomStringConvertible {
    /// A stream matched to it runs unmuted above zero volume.
    case audible
    /// It is heard nowhere: no stream of its is audible, and every audible stream is some other
    /// player's.
    case silent
    /// Nobody can tell: no audio server, or an audible stream nobody could match may be its.
    case unknown

    public var description: String { rawValue }
}
