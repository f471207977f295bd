/// What MediaRemote reads of any peer's message (calls to it, players' signals and replies).
public enum BridgeLimits {
    /// No call MediaRemote takes and no MPRIS player's state needs more than a few hundred
    /// values; decoded, each costs a few dozen bytes, so this bounds one message to a few MB.
    public static let valuesPerMessage = 65_536
}
