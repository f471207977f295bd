import DBus
import Loop
import MediaRemoteAPI

extension Check {
    /// Where a keyboard's media keys go, when not through MediaRemote: mediaremote-inputd is not
    /// on the system bus (not installed, not enabled), and the file does not have the session
    /// read keyboards itself; nil when they do come to MediaRemote. Asked of the system bus
    /// without waiting long: a bus that does not answer at once counts as no service.
    static func keyboardsNote(readsKeyboards: Bool) -> String? {
        guard !readsKeyboards else { return nil }
        let running = (try? Connection(.system, loop: try EventLoop()))
            .flatMap { $0.nameOwner(of: InputServiceNames.busName, timeout: .milliseconds(500)) } != nil
        guard !running else { return nil }
        return "a keyboard's media keys go to the desktop, for mediaremote-inputd is not running; "
            + "to route them through MediaRemote: \(InputServiceNames.enableCommand)"
    }
}
