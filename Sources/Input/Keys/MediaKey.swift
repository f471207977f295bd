import Time

/// A key MediaRemote acts on, pressed or released on a device, as it went (autorepeats left
/// out): what mediaremote-inputd sends the session that holds the keyboards' keys, which makes
/// it events as it makes its own devices' (``DeviceKeys``). Nothing else a device reports is
/// ever one.
public struct MediaKey: Equatable, Sendable {
    /// The device's node (`/dev/input/event3`) and name.
    public let device: String
    public let name: String
    /// The key code (linux/input-event-codes.h).
    public let code: UInt16
    public let pressed: Bool
    /// The kernel's time of the event.
    public let time: MonotonicInstant

    public init(device: String, name: String, code: UInt16, pressed: Bool, time: MonotonicInstant) {
        (self.device, self.name, self.code, self.pressed, self.time) = (device, name, code, pressed, time)
    }
}
