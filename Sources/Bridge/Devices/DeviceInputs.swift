import Config
import Core
import Input
import Loop
import MediaRemoteAPI
import SystemFiles
import Time

/// Where the devices' events go: the rules, through the one place their effects are performed.
protocol EventDispatching: AnyObject {
    func dispatch(_ event: Event, completion: ((Outcome) -> Void)?)
    /// Headphones were pulled out of the jack `device` of sound card `card` (when known): a
    /// pause to every player heard through them.
    func headphonesUnplugged(from device: String, card: Int?, at time: MonotonicInstant)
    /// The shake detector took back what began, and says why (`ShakeNotTaken`).
    func shakeNotTaken(_ why: ShakeNotTaken)
}

/// The input devices the service reads: media keys and headset buttons (MediaDevices), and the
/// accelerometers, open only while motion is claimed (MotionInput). It turns what the devices
/// do into events for ``rules``, and says in the log which devices it reads and why not the
/// others.
final class DeviceInputs {
    /// Where each event the devices produce goes, on the loop.
    weak var rules: (any EventDispatching)?

    private let loop: EventLoop
    /// Media keys and headset buttons, when there are input devices to read.
    private var keys: MediaDevices?
    /// Keyboards' media keys, from mediaremote-inputd, the system service, while it runs.
    private(set) var systemKeyboards: SystemKeyboards?
    /// While the system service lets the keyboards go (``startKeys(_:)``): the options to read
    /// the keys with once it has, the latest asked; nil when nothing waits.
    private var optionsAfterRelease: MediaDevices.Options?
    private var releasing = false
    /// Shakes from the accelerometers.
    private var motion: MotionInput?
    /// What the log has said of the devices.
    private var logged = DeviceListLog()
    /// Whether the journal has been told that devices are read shared, and the fix: once.
    private var saidShared = false

    init(loop: EventLoop) {
        self.loop = loop
    }

    /// Every input device seen, read or not.
    var devices: [MediaDevices.DeviceInfo] { keys?.devices ?? [] }

    /// Every accelerometer, evdev and IIO, open or not.
    var accelerometers: [MotionInput.Accelerometer] { motion?.allAccelerometers ?? [] }

    /// Starts reading media keys and headset buttons; without an input directory (a server, a
    /// container) the service goes on without them and says so once. Keyboards come from the
    /// system service, unless the person reads them here (`read_keyboards`).
    func startKeys(_ options: MediaDevices.Options) {
        // Keyboards read here from now on (a reload turned read_keyboards on): only once the
        // system service has let them go, or their grabs would find its own still held. A start
        // asked meanwhile (another reload) waits for that too, and the latest is the one made.
        if releasing {
            optionsAfterRelease = options
            return
        }
        if options.readKeyboards, let leaving = systemKeyboards {
            systemKeyboards = nil
            releasing = true
            optionsAfterRelease = options
            leaving.stop { [weak self] in
                guard let self else { return }
                releasing = false
                if let options = optionsAfterRelease {
                    optionsAfterRelease = nil
                    startKeys(options)
                }
            }
            return
        }
        followSystemKeyboards(!options.readKeyboards, options)
        openKeys(options)
    }

    private func openKeys(_ options: MediaDevices.Options) {
        let keys = MediaDevices(loop: loop, options: options)
        keys.onEvent = { [unowned self] event in self.rules?.dispatch(event, completion: nil) }
        keys.onHeadphonesUnplugged = { [unowned self] device, card, time in self.rules?.headphonesUnplugged(from: device, card: card, at: time) }
        keys.onNotice = { Log.warning($0) }
        keys.onDevicesChanged = { [unowned self, unowned keys] in
            self.log(keys.devices)
            self.motion?.accelerometersChanged(keys.accelerometers)
        }
        do {
            try keys.start()
            self.keys = keys
        } catch {
            // No directory at all: the sentence mediaremotectl devices and check say too.
            Log.warning(DevicePaths.directoryProblem(options.directory).map(InputDirectory.missing)
                ?? "\(error.description); media keys and headset buttons are not read")
        }
    }

    /// Reads the keys again with new options. Closing the devices ends the seeks they held;
    /// a device read again as before is not logged again.
    func restartKeys(_ options: MediaDevices.Options) {
        closeKeys()
        startKeys(options)
    }

    /// Closes the key devices without logging them as gone: they are still there.
    private func closeKeys() {
        keys?.onDevicesChanged = nil
        keys?.stop()
    }

    /// Claims the keyboards' media keys from mediaremote-inputd while it runs, or stops.
    private func followSystemKeyboards(_ wanted: Bool, _ options: MediaDevices.Options) {
        guard wanted else {
            systemKeyboards?.stop()
            systemKeyboards = nil
            return
        }
        guard systemKeyboards == nil else { return }
        let keyboards = SystemKeyboards(loop: loop, headsetTiming: options.headsetTiming, userStateFile: options.userStateFile)
        keyboards.onEvent = { [unowned self] event in self.rules?.dispatch(event, completion: nil) }
        systemKeyboards = keyboards
        keyboards.start()
    }

    /// Starts following motion claims: the accelerometers the input devices include (and
    /// IIO's) open with the first claim (``setMotionActive(_:)``) and close with the last.
    func startMotion(_ options: MotionInput.Options) {
        let motion = MotionInput(loop: loop, options: options)
        motion.onEvent = { [unowned self] event in self.rules?.dispatch(event, completion: nil) }
        motion.onNotice = { Log.warning($0) }
        motion.onShakeNotTaken = { [unowned self] reason, advice, time in self.rules?.shakeNotTaken(ShakeNotTaken(timestamp: time.microseconds, reason: reason, advice: advice)) }
        motion.accelerometersChanged(keys?.accelerometers ?? [])
        self.motion = motion
    }

    /// The shake detector's new parameters, taken live.
    func updateMotion(_ options: MotionInput.Options) {
        motion?.update(options)
    }

    /// Opens the accelerometers while someone has a motion claim, and closes them when nobody has.
    func setMotionActive(_ active: Bool) {
        motion?.setActive(active)
    }

    /// Closes every device (before the service stops), saying so in one line, not a line a
    /// device "went away": they are still there, for the desktop.
    func stop() {
        optionsAfterRelease = nil
        let open = (keys?.devices ?? []).count { $0.isRead }
        closeKeys()
        systemKeyboards?.stop()
        systemKeyboards = nil
        motion?.setActive(false)
        if open > 0 { Log.info("closed the \(open) input device\(open == 1 ? "" : "s") read, and gave them back") }
    }

    private static func describe(_ state: MediaDevices.DeviceInfo.State) -> String {
        switch state {
        case .read(.takenOver(let clone)): "read, taken over (its other keys go on to the desktop through \(clone.isEmpty ? "a clone" : clone))"
        case .read(.shared(let because, _)): "read shared: \(because)"
        case .read(.waitingForKeysUp): "to be taken over once its keys are released"
        case .notRead(let why): "not read: \(why)"
        }
    }

    /// One line per device that appeared (read or not, and why) or went.
    private func log(_ devices: [MediaDevices.DeviceInfo]) {
        // A device that could not be opened has no name, and one not read for want of permission
        // has MediaDevices's notice, with the fix: no line of their own, appearing or going.
        let (changed, gone) = logged.changes(devices) { !$0.name.isEmpty && !$0.lacksPermission }
        for device in changed {
            Log.info("input device \(device.path) (\(device.name)): " + Self.describe(device.state))
        }
        // Said once, and only for want of /dev/uinput: that is what the fix mends.
        if !saidShared, let problem = devices.lazy.compactMap({ device -> String? in
            if case .shared(let because, withoutUInput: true) = device.reading { return because }
            return nil
        }).first {
            saidShared = true
            Log.warning(UInputAccess.sharedWarning(problem))
        }
        for path in gone { Log.info("input device \(path) went away") }
    }
}
