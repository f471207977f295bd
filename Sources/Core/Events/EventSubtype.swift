/// What an event asks for: the ten remote-control subtypes of UIKit, and `shake`.
/// The raw values are the names used on the bus and on the command line.
public enum EventSubtype: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
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
    case shake

    /// The kind of event this subtype belongs to.
    public var type: EventType { self == .shake ? .motion : .remoteControl }

    public var description: String { rawValue }

    /// Parses a subtype name as the bus and the CLI spell it, or says what is allowed.
    public init(parsing text: String) throws(CoreError) {
        guard let subtype = EventSubtype(rawValue: text) else {
            throw CoreError.invalidArgument(
                "'\(text)' is not an event subtype; use one of \(EventSubtype.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self = subtype
    }

    /// Whether it may pause a playing player: pause, play/pause and stop.
    public var mayPause: Bool { self == .pause || self == .togglePlayPause || self == .stop }

    /// For a begin/end seeking subtype, the subtype that ends it.
    public var endOfSeek: EventSubtype? {
        switch self {
        case .beginSeekingBackward: .endSeekingBackward
        case .beginSeekingForward: .endSeekingForward
        default: nil
        }
    }

    /// For an end seeking subtype, the subtype that began it.
    public var beginningOfSeek: EventSubtype? {
        switch self {
        case .endSeekingBackward: .beginSeekingBackward
        case .endSeekingForward: .beginSeekingForward
        default: nil
        }
    }
}

/// The two kinds of event MediaRemote delivers.
public enum EventType: String, Hashable, Sendable, CustomStringConvertible {
    case remoteControl
    case motion

    public var description: String { rawValue }
}

/// The phase of a motion event; remote-control events have none.
public enum MotionPhase: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case began
    case ended
    case cancelled

    public var description: String { rawValue }
}

/// Which input produced an event.
public enum EventSource: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Media keys read from evdev devices.
    case key
    /// A single-button headset's clicks and holds.
    case headset
    /// A call on MediaRemote's own MPRIS player (widgets, playerctl, Bluetooth, KDE Connect).
    case mpris
    /// `SendRemoteControlEvent` or `mediaremotectl send`.
    case api
    /// The shake detector.
    case accelerometer
    /// `SimulateMotion` or `mediaremotectl shake`.
    case simulated

    public var description: String { rawValue }
}
