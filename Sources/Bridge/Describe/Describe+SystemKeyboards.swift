import Input
import MediaRemoteAPI

extension Describe {
    /// The session's devices with what mediaremote-inputd says of the keyboards: a keyboard it
    /// takes over for this session is listed so (its clone named), one it reads for another
    /// session says so, and a keyboard nobody reads says what routes its keys (the command that
    /// turns the service on, or why it refused this session). `standing` nil: the keyboards are
    /// read here (`read_keyboards`), and the list is the session's own.
    static func devices(
        _ own: [MediaDevices.DeviceInfo], accelerometers: [MotionInput.Accelerometer], wanters: String,
        systemKeyboards standing: SystemKeyboards.Standing?, keyboards: [DescribeDevicesReply.Device]
    ) -> DescribeDevicesReply {
        var reply = devices(own, accelerometers: accelerometers, wanters: wanters)
        guard let standing else { return reply }
        let holding = standing == .claimed(holding: true)
        let fromService = Dictionary(keyboards.filter { $0.classification == DeviceClass.keyboard.rawValue }.map { ($0.path, $0) }) { first, _ in first }
        let unread = Set(own.filter { $0.state == .notRead(.keyboard) }.map(\.path))
        reply.devices = reply.devices.map { device in
            if let keyboard = fromService[device.path] { return described(keyboard, holding: holding) }
            guard unread.contains(device.path), let why = whyNotRouted(standing) else { return device }
            return DescribeDevicesReply.Device(path: device.path, name: device.name, classification: device.classification, notReadBecause: why)
        }
        // Keyboards this session cannot open, and so did not list: the service's word on them.
        let listed = Set(reply.devices.map(\.path))
        reply.devices += fromService.values.filter { !listed.contains($0.path) }.sorted { $0.path < $1.path }.map { described($0, holding: holding) }
        return reply
    }

    /// A keyboard as the service described it, seen from this session.
    private static func described(_ keyboard: DescribeDevicesReply.Device, holding: Bool) -> DescribeDevicesReply.Device {
        var seen = keyboard
        switch keyboard.reading {
        case .takenOver(let clone) where holding:
            seen.reading = .takenOverBySystemService(clone: clone)
        case .takenOver:
            seen = DescribeDevicesReply.Device(
                path: keyboard.path, name: keyboard.name, classification: keyboard.classification,
                notReadBecause: InputServiceNames.sendsToOtherSession)
        default:
            if let why = keyboard.notReadBecause { seen.notReadBecause = "mediaremote-inputd does not read it: " + why }
        }
        return seen
    }

    /// Why a keyboard's media keys go to the desktop, when the service does not read them for
    /// this session; nil when it does.
    private static func whyNotRouted(_ standing: SystemKeyboards.Standing) -> String? {
        switch standing {
        case .notRunning:
            "a keyboard: its media keys go to the desktop; to route them through MediaRemote: \(InputServiceNames.enableCommand)"
        case .noSystemBus(let why):
            "a keyboard: its media keys go to the desktop (mediaremote-inputd cannot be asked: no system bus, \(why))"
        case .refused(let why):
            "a keyboard: " + InputServiceNames.refusedThisSession + why
        case .claimed(holding: false):
            "a keyboard: " + InputServiceNames.sendsToOtherSession
        case .claimed(holding: true):
            nil
        }
    }
}
