import DBusTypes

/// The signal `KeyboardsChanged`: whether the claim it is sent to holds the keyboards' keys, and
/// every keyboard mediaremote-inputd sees, as `DescribeDevices` describes a device
/// (`dbus/org.mediaremote.Input1.xml`).
public struct KeyboardsChanged: MessageBody, Hashable, Sendable {
    public var holding: Bool
    public var keyboards: [DescribeDevicesReply.Device]

    public init(holding: Bool, keyboards: [DescribeDevicesReply.Device]) {
        (self.holding, self.keyboards) = (holding, keyboards)
    }

    public static let fields = [Field("holding", Bool.self), Field("keyboards", [DescribeDevicesReply.Device].self)]

    public var arguments: [Value] { [.boolean(holding), keyboards.dbusValue] }

    public init(arguments: [Value]) throws(DBusError) {
        let field = try FieldReader(arguments, Self.fields, of: "KeyboardsChanged")
        (holding, keyboards) = (try field("holding"), try field("keyboards"))
    }
}
