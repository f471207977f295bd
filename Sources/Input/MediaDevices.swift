import Core
import Loop
import SystemFiles
import Time

#if canImport(Glibc)
import Glibc
#endif

/// Media keys and headset buttons from the input devices of a directory (`/dev/input`),
/// followed as they come and go. Each device is opened to see what it is (a copy is told from
/// sysfs and not opened; one that may not be opened is judged from sysfs), kept open only if
/// it is read (``DeviceChoice`` decides, and says why not), and its keys become events. An
/// error on one device never stops the others. From a keyboard only media keys are read; no
/// other key code is kept or reported.
///
/// A device read is taken over where /dev/uinput can be written (MediaDevices+TakeOver.swift):
/// grabbed, with everything but the keys MediaRemote acts on passed to a clone, so a desktop
/// reading the same device never acts on those keys too. Without uinput a media device is read
/// shared, and a keyboard not at all.
public final class MediaDevices {
    /// What a person can configure has no default here: the configuration's are the only ones.
    public struct Options: Equatable, Sendable {
        /// Also read full keyboards (taken over, never shared: a desktop acts on their media keys).
        public var readKeyboards: Bool
        public var headsetTiming: HeadsetRecognizer.Timing
        public var directory = "/dev/input"
        /// Where clones of taken-over devices are made.
        public var uinput = DevicePaths.uinput
        /// logind's file for this user (`STATE=active` while one of its sessions has a seat);
        /// nil, or a folder that is not there (no logind), for no following of the seat.
        public var userStateFile: String? = "/run/systemd/users/\(getuid())"
        /// Devices to read even if they are keyboards, and devices never to read: shell
        /// patterns on the device's name. Exclude wins.
        public var include: [String]
        public var exclude: [String]

        public init(readKeyboards: Bool, headsetTiming: HeadsetRecognizer.Timing, include: [String], exclude: [String]) {
            self.readKeyboards = readKeyboards
            self.headsetTiming = headsetTiming
            self.include = include
            self.exclude = exclude
        }
    }

    /// Each event a key made.
    public var onEvent: ((Event) -> Void)?
    /// Headphones pulled out of a jack: its device's name, its sound card (the kernel's number,
    /// when sysfs says), and when.
    public var onHeadphonesUnplugged: ((String, Int?, MonotonicInstant) -> Void)?
    /// Something a person should know, said once per device (no permission, a device lost).
    public var onNotice: ((String) -> Void)?
    /// The device list changed.
    public var onDevicesChanged: (() -> Void)?

    let loop: EventLoop
    let options: Options
    /// Which devices are read, and why not the others.
    let choice: DeviceChoice
    private var directory: DeviceDirectory?
    /// /dev/uinput, followed so that devices read shared for want of it are taken over as soon
    /// as it can be written (a rule installed, an ACL given).
    private var uinputNode: DeviceDirectory?
    var open: [String: OpenDevice] = [:]
    var skipped: [String: DeviceInfo] = [:]
    /// Keyboards left unread for want of /dev/uinput, and copies of devices left unread because
    /// their original is read: considered again when that changes.
    var awaitingUInput: Set<String> = []
    var copies: [String: String] = [:]
    /// Devices let go because the seat went to another session: unreadable until it comes back,
    /// which is no fault to warn of.
    var letGoForSession: Set<String> = []
    /// Devices back from another session, with how often their grab was found held since (that
    /// session's MediaRemote letting go as the seat changes hands): tried again each second, a
    /// few times, before the grab is taken for another program's.
    var grabRetries: [String: Int] = [:]
    var pendingGrabRetries: Set<String> = []
    lazy var grabRetryTimer = DeadlineTimer(loop: loop, onFailure: { [unowned self] in
        self.onNotice?("cannot make the timer that tries a grab again (\($0)): a device back from another session is not retried")
    }) { [unowned self] in self.retryGrabs() }
    /// One timer for every headset's next deadline.
    lazy var headsetTimer = DeadlineTimer(loop: loop, onFailure: { [unowned self] in
        // Without it a click-and-hold would be lost: said, not swallowed.
        self.onNotice?("cannot make the headset button's timer (\($0)): a click held is not told from a click until the next press")
    }) { [unowned self] in self.headsetDeadline() }
    /// logind's file for this user, followed (MediaDevices+Seat.swift).
    var seatWatch: DeviceDirectory?
    /// This user has had the seat since the service started, and another has it now.
    var seatAway = false
    var hadSeat = false
    /// Ends the longest wait for keys up (MediaDevices+TakeOver.swift).
    lazy var waitTimer = DeadlineTimer(loop: loop, onFailure: { [unowned self] in
        self.onNotice?("cannot make the timer that ends the wait for keys up (\($0)): a key held for good holds its device up")
    }) { [unowned self] in self.longestWaitEnded() }
    private lazy var permissionNotices = PermissionNotices(loop: loop) { [unowned self] in self.onNotice?($0) }

    public init(loop: EventLoop, options: Options) {
        self.loop = loop
        self.options = options
        choice = DeviceChoice(options)
    }

    /// Starts following the directory and reads the devices already there.
    public func start() throws(DeviceError) {
        directory = try DeviceDirectory(directory: options.directory, loop: loop) { [unowned self] change in
            switch change {
            case .appeared(let path): self.consider(path)
            case .disappeared(let path): self.remove(path)
            }
        }
        followSeat()
        for path in directory?.scan() ?? [] { consider(path) }
        uinputNode = try? DeviceDirectory(file: options.uinput, loop: loop) { [unowned self] change in
            if case .appeared = change { self.uinputChanged() }
        }
    }

    /// Stops reading: every device is closed as if it went away (its held seeks end) and the
    /// directory is no longer followed.
    public func stop() {
        directory = nil
        uinputNode = nil
        seatWatch = nil
        (seatAway, hadSeat) = (false, false)
        for path in open.keys.sorted() { remove(path) }
        skipped = [:]
        awaitingUInput = []
        copies = [:]
        letGoForSession = []
        grabRetries = [:]
        pendingGrabRetries = []
        grabRetryTimer.cancel()
        permissionNotices.forgetAll()
        headsetTimer.cancel()
        waitTimer.cancel()
    }

    /// Every device seen, read or not, in path order.
    public var devices: [DeviceInfo] {
        (open.values.map(\.info) + skipped.values).sorted { $0.path.count != $1.path.count ? $0.path.count < $1.path.count : $0.path < $1.path }
    }

    /// The accelerometers among the devices, by path: classified here, never read here
    /// (``MotionInput`` opens them while motion is claimed).
    public var accelerometers: [String] {
        skipped.values.filter {
            $0.classification == .accelerometer && !$0.lacksPermission && !choice.isExcluded($0.name) && !letGoForSession.contains($0.path)
        }.map(\.path).sorted()
    }

    // MARK: Devices coming and going

    func consider(_ path: String) {
        if let entry = open[path] {
            // udev changes a node's ACL as the seat's sessions change (logind's uaccess): read
            // permission gone means the seat is another session's now (fast user switching),
            // and so are the device's keys.
            if case .notRead = choice.nodeChanged(readable: access(path, R_OK) == 0) { letGo(entry) }
            return
        }
        guard !leaveAloneIfCopy(path) else { return }
        awaitingUInput.remove(path)
        let device: EvdevDevice
        do {
            device = try EvdevDevice(path: path)
        } catch {
            return unopened(path, error)
        }
        // Back from another session: another session's MediaRemote may still hold its grab.
        if letGoForSession.remove(path) != nil { grabRetries[path] = 0 }
        permissionNotices.forget(path)
        let capabilities = device.capabilities
        let classification = capabilities.classification
        switch choice.opened(phys: device.phys, capabilities: capabilities, seatAway: seatAway) {
        case .ignored:
            // Ours, though sysfs did not say so: closed, and not listed.
            return
        case .notRead(.anotherSession):
            return markSeatLost(path, capabilities.name, classification)
        case .notRead(let why):
            skipped[path] = DeviceInfo(path: path, name: capabilities.name, classification: classification, state: .notRead(why))
            onDevicesChanged?()
            return
        case .read:
            break
        }
        let hasHeadset = capabilities.keys.contains(KeyCode.media)
        let entry = OpenDevice(
            device: device, name: capabilities.name, classification: classification,
            translator: KeyTranslator(isMediaDevice: classification == .mediaDevice),
            headset: hasHeadset ? HeadsetRecognizer(timing: options.headsetTiming) : nil,
            wanted: PassthroughFilter.consumedKeys(classification: classification, keys: capabilities.keys))
        do {
            entry.source = try loop.watch(fd: device.fd) { [unowned self] _ in self.readPending(path) }
        } catch {
            skipped[path] = DeviceInfo(path: path, name: capabilities.name, classification: classification, state: .notRead(.cannotWatch(error)))
            onDevicesChanged?()
            return
        }
        skipped[path] = nil
        open[path] = entry
        if capabilities.switches.contains(DeviceCapabilities.headphoneSwitch) {
            entry.hasHeadphoneSwitch = true
            entry.soundCard = SysfsCapabilities.soundCard(ofNode: path)
        }
        if classification == .headphoneJack {
            // A switch: nothing of it goes to the desktop, so there is nothing to take over.
            entry.reading = .shared(because: "a headphone jack's switch, which nobody else acts on", withoutUInput: false)
        } else {
            takeOver(entry)
        }
        onDevicesChanged?()
    }

    /// A node that could not be opened, listed with why. What sysfs and udev say of it is read
    /// only if the choice comes to it; a device that would be read, but may not be opened, is
    /// warned of once, if it stays unreadable past udev's moment (``PermissionNotices``).
    private func unopened(_ path: String, _ error: DeviceError) {
        lazy var number = SysfsCapabilities.deviceNumber(of: path)
        let decision = choice.unopened(
            error, letGoForSession: letGoForSession.contains(path), listed: skipped[path],
            sysfs: number.flatMap { SysfsCapabilities.read($0) },
            udev: number.map { UdevProperties.read(major: $0.major, minor: $0.minor) } ?? [:])
        switch decision {
        case .unchanged:
            return
        case .notRead(let name, let classification, .anotherSession):
            markSeatLost(path, name, classification)
        case .notRead(let name, let classification, let why):
            skipped[path] = DeviceInfo(path: path, name: name, classification: classification, state: .notRead(why))
            if case .noPermission(let error, let fix) = why {
                permissionNotices.warnLater(path, error.description + (name.isEmpty ? "" : " (\(name))") + "; " + fix) { [unowned self] in
                    self.skipped[path]?.lacksPermission == true
                }
            }
            onDevicesChanged?()
        }
    }

    /// The seat went to another session (its permission with it): the device is let go, as if
    /// it went away (ungrabbed, its clone removed, its held seeks ended), so that session's
    /// desktop and MediaRemote read it; it is read again when the permission comes back.
    func letGo(_ entry: OpenDevice) {
        remove(entry.path, telling: false)
        markSeatLost(entry.path, entry.name, entry.classification)
    }

    /// Lists the device as another session's, to be read again when this session has the seat.
    private func markSeatLost(_ path: String, _ name: String, _ classification: DeviceClass) {
        letGoForSession.insert(path)
        skipped[path] = DeviceInfo(path: path, name: name, classification: classification, state: .notRead(.anotherSession))
        onDevicesChanged?()
    }

    /// The device went away (or broke): its held seeks end, then it is dropped; the device list
    /// is told it changed unless `telling` is false (the caller lists it again at once).
    func remove(_ path: String, telling: Bool = true) {
        skipped[path] = nil
        copies[path] = nil
        letGoForSession.remove(path)
        grabRetries[path] = nil
        awaitingUInput.remove(path)
        permissionNotices.forget(path)
        guard let entry = open.removeValue(forKey: path) else {
            if telling { onDevicesChanged?() }
            return
        }
        entry.source?.cancel()
        entry.clone = nil
        let now = MonotonicClock.now
        let ended = entry.translator.deviceRemoved(at: now) + (entry.headset?.deviceRemoved(at: now) ?? [])
        for event in ended { onEvent?(event) }
        if telling { onDevicesChanged?() }
    }
}
