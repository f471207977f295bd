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
    /// The output Now Playing was heard through went away (a headset's sink removed,
    /// headphones unplugged): a pause, as iOS and Android pause.
    case route

    public var description: String { rawValue }
}
