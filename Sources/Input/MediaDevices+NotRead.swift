import Loop
import MediaRemoteAPI

extension MediaDevices {
    /// Why a device is not read: each reason once, in the words the journal and
    /// `mediaremotectl devices` show.
    public enum NotRead: Equatable, Sendable, CustomStringConvertible {
        /// Its name matches a pattern of `devices.exclude`.
        case excluded
        /// A keyboard, and neither `devices.read_keyboards` nor `devices.include` asks for it: the
        /// system service's to read, if it runs.
        case keyboard
        /// An accelerometer: ``MotionInput`` opens it while motion is claimed.
        case accelerometer
        /// Nothing MediaRemote acts on (a mouse, a touchpad, a power button).
        case noMediaKeys
        /// Not a keyboard, and this reader reads keyboards alone (mediaremote-inputd).
        case notAKeyboard
        /// Another program's copy of the device named, which MediaRemote reads.
        case copy(of: String)
        /// Its node could not be opened, for another reason than permission.
        case cannotOpen(DeviceError)
        /// It would be read, but this user may not open it: the error and the fix (said as a
        /// notice too, once).
        case noPermission(DeviceError, fix: String)
        /// Another session has the seat: read again when this one has it.
        case anotherSession
        /// Its node could not be watched on the loop.
        case cannotWatch(LoopError)
        /// A keyboard that cannot be taken over, and why not: it is never read shared.
        case keyboardNotTakenOver(because: String)
        /// Back from another session whose MediaRemote still holds its grab: tried again.
        case grabStillHeld
        /// Grabbed by another program (keyd, input-remapper): only that program reads it.
        case grabbedByAnotherProgram
        /// On a seat (udev's `ID_SEAT`) other than the one this reader serves (`read`).
        case otherSeat(String, read: String)

        public var description: String {
            switch self {
            case .excluded:
                "excluded by name (devices.exclude)"
            case .keyboard:
                "a keyboard: its media keys go to the desktop unless mediaremote-inputd reads them for this session (\(InputServiceNames.enableCommand))"
            case .accelerometer:
                "an accelerometer: " + MediaDevices.accelerometerReason
            case .noMediaKeys:
                "no media keys"
            case .notAKeyboard:
                "not a keyboard: the session's mediaremoted reads media devices itself"
            case .copy(let original):
                "a copy of \"\(original)\" made by another program (a uinput device with its name): its keys are that device's, which is read"
            case .cannotOpen(let error):
                error.description
            case .noPermission(let error, let fix):
                error.description + "; " + fix
            case .anotherSession:
                "another session has the seat: read again when this one has it"
            case .cannotWatch(let error):
                error.description
            case .keyboardNotTakenOver(let reason):
                "a keyboard is read only when taken over, and \(reason)"
            case .grabStillHeld:
                "back from another session, whose MediaRemote still holds it: tried again in a second"
            case .grabbedByAnotherProgram:
                "taken over by another program (keyd, input-remapper, …): only that program reads its keys; "
                    + "the device it makes is read instead, if it has media keys"
            case .otherSeat(let seat, let read):
                "on \(seat): only \(read)'s keyboards are read, for \(read)'s active session; this one's keys go to its own seat's desktop"
            }
        }
    }

    /// Why an accelerometer is closed: nobody wants it now.
    public static let accelerometerReason =
        "open only while an app claims motion (or mediaremotectl motion watch runs) or a shake action is set, and nobody does now"
}
