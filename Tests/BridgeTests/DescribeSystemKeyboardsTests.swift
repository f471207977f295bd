import MediaRemoteAPI
import Testing

@testable import Bridge
@testable import Input
@testable import MediaRemoteCtl

/// What `devices` says of a keyboard, with mediaremote-inputd's word on it: taken over for this
/// session, the keys another session's, the service refused or not running; the session's own
/// devices as they are.
@Suite("Describe.devices with the system service's keyboards")
struct DescribeSystemKeyboardsTests {
    static let keyboard = "/dev/input/event3"
    static let headset = "/dev/input/event5"
    static let own = [
        MediaDevices.DeviceInfo(path: keyboard, name: "AT Keyboard", classification: .keyboard, state: .notRead(.keyboard)),
        MediaDevices.DeviceInfo(path: headset, name: "USB Headset", classification: .mediaDevice, state: .read(.takenOver(clone: "/dev/input/event9"))),
    ]
    /// As the service describes them: the keyboard taken over, and (should a service send one)
    /// a device that is not a keyboard, which is the session's own to describe.
    static let fromService = [
        DescribeDevicesReply.Device(path: keyboard, name: "AT Keyboard", classification: "keyboard", notReadBecause: nil, reading: .takenOver(clone: "/dev/input/event11")),
        DescribeDevicesReply.Device(path: headset, name: "USB Headset", classification: "media device", notReadBecause: "not a keyboard"),
    ]

    static func described(_ standing: SystemKeyboards.Standing?) -> [String: DescribeDevicesReply.Device] {
        let reply = Describe.devices(own, accelerometers: [], wanters: "nobody", systemKeyboards: standing, keyboards: fromService)
        return Dictionary(reply.devices.map { ($0.path, $0) }) { first, _ in first }
    }

    @Test("holding the keys: the keyboard is taken over by mediaremote-inputd, its clone named; the headset is the session's")
    func holding() {
        let devices = Self.described(.claimed(holding: true))
        #expect(devices[Self.keyboard]?.reading == .takenOverBySystemService(clone: "/dev/input/event11"))
        #expect(devices[Self.headset]?.reading == .takenOver(clone: "/dev/input/event9"), "a device not a keyboard is never the service's word")
        #expect(devices.count == 2)
    }

    @Test("each standing but holding: the keyboard is not read, and the reason says where its keys go", arguments: [
        (SystemKeyboards.Standing.claimed(holding: false), "mediaremote-inputd sends its media keys to the session active on the seat, not this one"),
        (.notRunning, "a keyboard: its media keys go to the desktop; to route them through MediaRemote: sudo systemctl enable --now mediaremote-inputd"),
        (.refused("user 1000 has no session on a seat"), "a keyboard: its media keys go to the desktop, for mediaremote-inputd refused this session: user 1000 has no session on a seat"),
        (.noSystemBus("no socket"), "a keyboard: its media keys go to the desktop (mediaremote-inputd cannot be asked: no system bus, no socket)"),
    ])
    func notHolding(standing: SystemKeyboards.Standing, reason: String) {
        var keyboards = Self.fromService
        if standing != .claimed(holding: false) { keyboards = [] }  // a service that is not there describes nothing
        let reply = Describe.devices(Self.own, accelerometers: [], wanters: "nobody", systemKeyboards: standing, keyboards: keyboards)
        let keyboard = reply.devices.first { $0.path == Self.keyboard }
        #expect(keyboard?.isRead == false)
        #expect(keyboard?.notReadBecause == reason)
        #expect(reply.devices.first { $0.path == Self.headset }?.reading == .takenOver(clone: "/dev/input/event9"))
    }

    @Test("check says, from the running service's devices, that mediaremote-inputd refused this session or gives the keys to another; nothing when they come here", arguments: [
        (SystemKeyboards.Standing.claimed(holding: true), nil),
        (.claimed(holding: false), "a keyboard's media keys go to another session, for mediaremote-inputd sends its media keys to the session active on the seat, not this one"),
        (.refused("user 1000 has no session on a seat"),
         "a keyboard's media keys go to the desktop, for mediaremote-inputd refused this session: user 1000 has no session on a seat"),
    ] as [(SystemKeyboards.Standing, String?)])
    func checkSays(standing: SystemKeyboards.Standing, note: String?) {
        let keyboards = standing == .refused("user 1000 has no session on a seat") ? [] : Self.fromService
        let reply = Describe.devices(Self.own, accelerometers: [], wanters: "nobody", systemKeyboards: standing, keyboards: keyboards)
        #expect(Check.keyboardsNote(devices: reply.devices) == note)
    }

    @Test("check's note for what the system bus says: no bus (the enable command would not help), the service not on it (the command), or running (the service's word)")
    func checkSaysOfTheBus() {
        #expect(Check.keyboardsNote(.noSystemBus, devices: []) == "a keyboard's media keys go to the desktop: there is no system bus, where mediaremote-inputd would run")
        #expect(Check.keyboardsNote(.notRunning, devices: [])
            == "a keyboard's media keys go to the desktop, for mediaremote-inputd is not running; to route them through MediaRemote: sudo systemctl enable --now mediaremote-inputd")
        #expect(Check.keyboardsNote(.running, devices: []) == nil)
    }

    @Test("keyboards read by the session itself (read_keyboards): its own list, as it is")
    func readHere() {
        let devices = Self.described(nil)
        #expect(devices[Self.keyboard]?.notReadBecause == MediaDevices.NotRead.keyboard.description)
    }

    @Test("the new reading crosses the bus and comes back as it was sent")
    func roundTrip() throws {
        let device = DescribeDevicesReply.Device(
            path: Self.keyboard, name: "AT Keyboard", classification: "keyboard", notReadBecause: nil,
            reading: .takenOverBySystemService(clone: "/dev/input/event11"))
        #expect(try DescribeDevicesReply.Device(dbusValue: device.dbusValue) == device)
    }
}
