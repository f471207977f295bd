import DBus
import Loop
import MediaRemoteAPI

extension Check {
    /// Where a keyboard's media keys go, when not through MediaRemote: mediaremote-inputd is not
    /// on the system bus (not installed, not enabled), or it is and the running service says it
    /// refused this session or gives the keys to another; nil when they do come to MediaRemote,
    /// or the file has the session read keyboards itself. Asked of the system bus without
    /// waiting long: a bus that does not answer at once counts as no service.
    static func keyboardsNote(readsKeyboards: Bool, service: RunningService?) -> String? {
        guard !readsKeyboards else { return nil }
        let running = (try? Connection(.system, loop: try EventLoop()))
            .flatMap { $0.nameOwner(of: InputServiceNames.busName, timeout: .milliseconds(500)) } != nil
        guard running else {
            return "a keyboard's media keys go to the desktop, for mediaremote-inputd is not running; "
                + "to route them through MediaRemote: \(InputServiceNames.enableCommand)"
        }
        return keyboardsNote(devices: service?.devices ?? [])
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
