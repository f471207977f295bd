import DBusTypes

/// What a remote-control event asks for: the ten remote-control subtypes of UIKit. The raw
/// values are the names used on the bus and on the command line.
public enum RemoteControlSubtype: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case play
    case pause
    case togglePlayPause
    case stop
    case nextTrack
    case previousTrack
    case beginSeekingBackward
    case endSeekingBackward
    case beginSeekingForward
    case endSeekingForward

    public var description: String { rawValue }

    /// Parses a remote-control subtype as the bus spells it, or says what is allowed; `shake`,
    /// the motion subtype, is sent with `SimulateMotion`, and is told so.
    public init(parsing text: String) throws(DBusError) {
        if let subtype = RemoteControlSubtype(rawValue: text) {
            self = subtype
        } else if text == EventSubtype.shake.rawValue {
            throw .invalidArgs("'shake' is a motion subtype; use SimulateMotion")
        } else {
            throw .invalidArgs(
                "'\(Quote.text(text))' is not a remote-control subtype; use one of "
                    + RemoteControlSubtype.allCases.map(\.rawValue).joined(separator: ", "))
        }
    }

    /// For a begin seeking subtype, the subtype that ends it.
    public var endOfSeek: RemoteControlSubtype? {
        switch self {
        case .beginSeekingBackward: .endSeekingBackward
        case .beginSeekingForward: .endSeekingForward
        default: nil
        }
    }

    /// Whether it begins a seek (`beginSeekingForward`, `beginSeekingBackward`).
    public var beginsSeek: Bool { endOfSeek != nil }

    /// Whether it begins or ends a seek.
    public var isSeek: Bool { beginsSeek || beginningOfSeek != nil }

    /// For an end seeking subtype, the subtype that began it.
    public var beginningOfSeek: RemoteControlSubtype? {
        switch self {
        case .endSeekingBackward: .beginSeekingBackward
        case .endSeekingForward: .beginSeekingForward
        default: nil
        }
    }
}
