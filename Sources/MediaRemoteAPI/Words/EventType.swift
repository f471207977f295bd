/// The two kinds of event MediaRemote delivers.
public enum EventType: String, Hashable, Sendable, CustomStringConvertible {
    case remoteControl
    case motion

    public var description: String { rawValue }
}
