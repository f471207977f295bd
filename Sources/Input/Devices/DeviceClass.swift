/// What kind of input device something is, decided from what it can report, as udev does.
public enum DeviceClass: String, Sendable, CustomStringConvertible {
    /// Media keys and no letters: headset jacks, USB headsets, consumer-control interfaces,
    /// BlueZ's "… (AVRCP)" device. Read by default.
    case mediaDevice = "media device"
    /// A full keyboard. Read only when configured: desktops already turn its media keys into
    /// MPRIS calls, and reading them too would act twice.
    case keyboard
    /// X/Y/Z axes: an accelerometer (open only while motion is wanted).
    case accelerometer
    /// A headphone jack's switch (SW_HEADPHONE_INSERT) and no media keys: read, never taken
    /// over (nobody acts on it but MediaRemote: headphones pulled out pause Now Playing).
    case headphoneJack = "headphone jack"
    /// Nothing MediaRemote reads (a mouse, a touchpad, a power button).
    case other

    public var description: String { rawValue }
}

/// What a device reports, the input of the classification.
public struct DeviceCapabilities: Equatable, Sendable {
    public var name: String
    public var keys: Set<UInt16>
    public var hasAccelerometerProperty: Bool
    public var hasXYZAxes: Bool
    /// Its switches (EV_SW codes).
    public var switches: Set<UInt16>

    public init(name: String, keys: Set<UInt16>, hasAccelerometerProperty: Bool = false, hasXYZAxes: Bool = false, switches: Set<UInt16> = []) {
        self.name = name
        self.keys = keys
        self.hasAccelerometerProperty = hasAccelerometerProperty
        self.hasXYZAxes = hasXYZAxes
        self.switches = switches
    }

    /// SW_HEADPHONE_INSERT, the switch a headphone jack reports: closed while headphones are in.
    public static let headphoneSwitch = UInt16(0x02)

    public var classification: DeviceClass {
        if hasAccelerometerProperty || (hasXYZAxes && keys.isEmpty) { return .accelerometer }
        let letters = keys.filter(KeyCode.letters.contains).count
        // A few letter keys can be stray bits of a consumer-control descriptor; a keyboard has
        // most of them (A and Z always).
        if letters >= 20 || (keys.contains(KeyCode.a) && keys.contains(KeyCode.z)) { return .keyboard }
        if name.hasSuffix(" (AVRCP)") { return .mediaDevice }
        if keys.contains(KeyCode.media) || MediaKeyMap.mediaKeys.contains(where: keys.contains) { return .mediaDevice }
        if switches.contains(Self.headphoneSwitch) { return .headphoneJack }
        return .other
    }
}
