/// A request the core refuses, with a sentence that says why. The bridge sends it as a
/// D-Bus error (`InvalidArgs`, or MediaRemote's own names).
public enum CoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An argument is wrong: an unknown subtype, a path that is not the caller's object.
    case invalidArgument(String)
    /// A per-connection limit was reached.
    case limitExceeded(String)

    public var description: String {
        switch self {
        case .invalidArgument(let text), .limitExceeded(let text): text
        }
    }
}
