import DBusTypes

/// The reply of `DescribeDevices`: every input device seen, for `mediaremotectl devices`.
/// Nothing about keys pressed is ever in it.
public struct DescribeDevicesReply: MessageBody, Hashable, Sendable {
    public var devices: [Device]

    public init(devices: [Device]) {
        self.devices = devices
    }

    public static let fields = [Field("devices", [Device].self)]

    public var arguments: [Value] { [devices.dbusValue] }

    public init(arguments: [Value]) throws(DBusError) {
        devices = try FieldReader(arguments, Self.fields, of: "the DescribeDevices reply")("devices")
    }
}
