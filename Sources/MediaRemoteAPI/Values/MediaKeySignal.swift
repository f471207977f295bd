import DBusTypes

/// The signal `MediaKey`: a keyboard's media key pressed or released, as mediaremote-inputd sends
/// it to the claim holding the keys (`dbus/org.mediaremote.Input1.xml`).
public struct MediaKeySignal: MessageBody, Hashable, Sendable {
    /// The keyboard's node, `/dev/input/event3`, and its name.
    public var device: String
    public var name: String
    /// CLOCK_MONOTONIC, in microseconds: the kernel's time of the event.
    public var timestamp: UInt64
    /// The key code (linux/input-event-codes.h).
    public var code: UInt16
    public var pressed: Bool

    public init(device: String, name: String, timestamp: UInt64, code: UInt16, pressed: Bool) {
        (self.device, self.name, self.timestamp, self.code, self.pressed) = (device, name, timestamp, code, pressed)
    }

    public static let fields = [
        Field("device", String.self), Field("name", String.self), Field("timestamp", UInt64.self), Field("code", UInt16.self),
        Field("pressed", Bool.self),
    ]

    public var arguments: [Value] { [.string(device), .string(name), .uint64(timestamp), .uint16(code), .boolean(pressed)] }

    public init(arguments: [Value]) throws(DBusError) {
        let field = try FieldReader(arguments, Self.fields, of: "MediaKey")
        (device, name, timestamp, code, pressed) = (try field("device"), try field("name"), try field("timestamp"), try field("code"), try field("pressed"))
    }
}
