import DBus
import Loop
import MediaRemoteAPI

extension Check {
    /// What the system bus says of mediaremote-inputd.
    enum SystemBusAnswer: Equatable {
        /// There is no system bus to ask (a container, a build machine).
        case noSystemBus
        /// It is not on the bus: not installed, or not enabled.
        case notRunning
        case running
    }

    /// Where a keyboard's media keys go, when not through MediaRemote; nil when they do come to
    /// MediaRemote, or the file has the session read keyboards itself. Asked of the system bus
    /// without waiting long: a bus that does not answer at once counts as no service.
    static func keyboardsNote(readsKeyboards: Bool, service: RunningService?) -> String? {
        guard !readsKeyboards else { return nil }
        let answer: SystemBusAnswer
        if let system = try? Connection(.system, loop: try EventLoop()) {
            answer = system.nameOwner(of: InputServiceNames.busName, timeout: .milliseconds(500)) != nil ? .running : .notRunning
        } else {
            answer = .noSystemBus
        }
        return keyboardsNote(answer, devices: service?.devices ?? [])
    }

    /// The note for what the system bus said, and, while mediaremote-inputd runs, the running
    /// service's word on its keyboards.
    static func keyboardsNote(_ answer: SystemBusAnswer, devices: [DescribeDevicesReply.Device]) -> String? {
        switch answer {
        case .noSystemBus:
            // The enable command cannot help here.
            "a keyboard's media keys go to the desktop: there is no system bus, where mediaremote-inputd would run"
        case .notRunning:
            "a keyboard's media keys go to the desktop, for mediaremote-inputd is not running; "
                + "to route them through MediaRemote: \(InputServiceNames.enableCommand)"
        case .running:
            keyboardsNote(devices: devices)
        }
    }

    /// The running service's word on its keyboards, while mediaremote-inputd runs: the first that
    /// says the keys do not come to this session, said as a note; nil when none does.
    static func keyboardsNote(devices: [DescribeDevicesReply.Device]) -> String? {
        for reason in devices.compactMap(\.notReadBecause) {
            if let refused = reason.firstRange(of: InputServiceNames.refusedThisSession) {
                return "a keyboard's " + reason[refused.lowerBound...].dropFirst("its ".count)
            }
            if reason.contains(InputServiceNames.sendsToOtherSession) {
                return "a keyboard's media keys go to another session, for " + InputServiceNames.sendsToOtherSession
            }
        }
        return nil
    }
}
