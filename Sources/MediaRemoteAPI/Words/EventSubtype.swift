/// An event's subtype as the bus and the command line name it: one of the remote-control
/// subtypes, or `shake`, the one motion. It names events; an ``Event`` itself holds its
/// ``Event/Kind``, which a shake's phase is part of.
public enum EventSubtype: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case remoteControl(RemoteControlSubtype)
    case shake

    public static var allCases: [EventSubtype] { RemoteControlSubtype.allCases.map(EventSubtype.remoteControl) + [.shake] }

    /// The kind of event this subtype belongs to.
    public var type: EventType {
        switch self {
        case .remoteControl: .remoteControl
        case .shake: .motion
        }
    }

    /// Its name on the bus and on the command line.
    public var rawValue: String {
        switch self {
        case .remoteControl(let subtype): subtype.rawValue
        case .shake: "shake"
        }
    }

    public var description: String { rawValue }
}
