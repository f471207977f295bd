import Core
import Loop
import Time

#if canImport(Glibc)
import Glibc
#endif

/// Media keys and headset buttons from the input devices of a directory (`/dev/input`):
/// devices are classified, opened when they should be read, followed as they come and go,
/// and their keys become events. An error on one device never stops the others. From a
/// keyboard only media keys are read; no other key code is kept or reported.
///
/// A device read is taken over where /dev/uinput can be written (KeyInput+TakeOver.swift):
/// grabbed, with everything but the keys MediaRemote acts on passed to a clone, so a desktop
/// reading the same device never acts on those keys too. Without uinput a media device is read
/// shared, and a keyboard not at all.
public final class KeyInput {
    /// What a person can configure has no default here: the configuration's are the only ones.
    public struct Options: Equatable, Sendable {
        /// Also read full keyboards (taken over, never shared: a desktop acts on their media keys).
        public var readKeyboards: Bool
        public var headsetTiming: HeadsetRecognizer.Timing
        public var directory = "/dev/input"
        /// Where clones of taken-over devices are made.
        public var uinput = "/dev/uinput"
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

    /// A device and what MediaRemote does with it, for `mediaremotectl devices`.
    public struct DeviceInfo: Equatable, Sendable {
        public let path: String
        public let name: String
        public let classification: DeviceClass
        public let isRead: Bool
        /// Why it is not read, or "" when it is.
        public let reason: String
        /// Not read only for want of permission: ``onNotice`` said so, with the fix.
        public var lacksPermission = false
        /// How a device read is read; nil when it is not.
        public var reading: Reading? = nil
    }

    /// How a device is read.
    public enum Reading: Equatable, Sendable {
        /// Grabbed, with what MediaRemote does not act on passed to a clone (its node).
        case takenOver(clone: String)
        /// Read beside everyone else, so a desktop reading it acts on its keys too: why it is
        /// not taken over, and whether that is for want of /dev/uinput (then it is taken over as
        /// soon as /dev/uinput can be written).
        case shared(because: String, withoutUInput: Bool)
        /// To be taken over once no key of it is held (taking it over with a key down would
        /// leave that key held for the desktop), or after ``KeyInput/longestWait`` with its held
        /// keys released on the device itself; meanwhile nothing of it is acted on. Since when.
        case waitingForKeysUp(since: MonotonicInstant)
    }

    /// Each event a key made.
    public var onEvent: ((Event) -> Void)?
    /// Something a person should know, said once per device (no permission, a device lost).
    public var onNotice: ((String) -> Void)?
    /// The device list changed.
    public var onDevicesChanged: (() -> Void)?

    let loop: EventLoop
    let options: Options
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
    private lazy var headsetTimer = DeadlineTimer(loop: loop, onFailure: { [unowned self] in
        // Without it a click-and-hold would be lost: said, not swallowed.
        self.onNotice?("cannot make the headset button's timer (\($0)): a click held is not told from a click until the next press")
    }) { [unowned self] in self.headsetDeadline() }
    /// logind's file for this user, followed (KeyInput+Seat.swift).
    var seatWatch: DeviceDirectory?
    /// This user has had the seat since the service started, and another has it now.
    var seatAway = false
    var hadSeat = false
    /// Ends the longest wait for keys up (KeyInput+TakeOver.swift).
    lazy var waitTimer = DeadlineTimer(loop: loop, onFailure: { [unowned self] in
        self.onNotice?("cannot make the timer that ends the wait for keys up (\($0)): a key held for good holds its device up")
    }) { [unowned self] in self.longestWaitEnded() }
    private lazy var permissionNotices = PermissionNotices(loop: loop) { [unowned self] in self.onNotice?($0) }

    final class OpenDevice {
        let device: EvdevDevice
        var info: DeviceInfo
        var source: FileDescriptorSource?
        var translator: KeyTranslator
        var headset: HeadsetRecognizer?
        /// The keys MediaRemote acts on: the only ones read from a device read shared, and the
        /// ones a take-over keeps from its clone.
        let wanted: Set<UInt16>
        /// While taken over: the clone, what goes to it, and when the grab began (what the
        /// device said before it, the desktop has read already).
        var clone: UInputClone?
        var filter: PassthroughFilter
        var takenOverSince = MonotonicInstant(microseconds: 0)

        init(device: EvdevDevice, info: DeviceInfo, translator: KeyTranslator, headset: HeadsetRecognizer?, wanted: Set<UInt16>) {
            self.device = device
            self.info = info
            self.translator = translator
            self.headset = headset
            self.wanted = wanted
            filter = PassthroughFilter(consumedKeys: wanted, cloneRepeats: device.repeatsKeys)
        }
    }

    public init(loop: EventLoop, options: Options) {
        self.loop = loop
        self.options = options
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
        let node = options.uinput
        if let slash = node.lastIndex(of: "/") {
            uinputNode = try? DeviceDirectory(
                directory: String(node[..<slash]), prefix: String(node[node.index(after: slash)...]), loop: loop
            ) { [unowned self] change in
                if case .appeared = change { self.uinputChanged() }
            }
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
            $0.classification == .accelerometer && !$0.lacksPermission && !isExcluded($0.name) && !letGoForSession.contains($0.path)
        }.map(\.path).sorted()
    }

    /// Why an accelerometer is closed: nobody wants it now.
    public static let accelerometerReason =
        "open only while an app claims motion (or mediaremotectl motion watch runs) or a shake action is set, and nobody does now"

    // MARK: Devices coming and going

    func consider(_ path: String) {
        if let entry = open[path] {
            // udev changes a node's ACL as the seat's sessions change (logind's uaccess): read
            // permission gone means the seat is another session's now (fast user switching),
            // and so are the device's keys.
            if access(path, R_OK) != 0 { letGo(entry) }
            return
        }
        guard !leaveAloneIfCopy(path) else { return }
        awaitingUInput.remove(path)
        // Opened before (read, or looked at and left alone for a reason): a permission lost now
        // went with the seat, not for want of the udev rule.
        let wasReadable = skipped[path].map { !$0.lacksPermission && !$0.name.isEmpty } ?? false
        let device: EvdevDevice
        do {
            device = try EvdevDevice(path: path)
        } catch {
            // Another session's now: so it stays, quietly, until that session gives it back.
            if case .permissionDenied = error, letGoForSession.contains(path) || wasReadable {
                if let known = skipped[path], !letGoForSession.contains(path) { markSeatLost(known.path, known.name, known.classification) }
                return
            }
            skipUnopened(path, error)
            return
        }
        // Back from another session: another session's MediaRemote may still hold its grab.
        if letGoForSession.remove(path) != nil { grabRetries[path] = 0 }
        permissionNotices.forget(path)
        // Ours, though sysfs did not say so: never read, whatever its name.
        if device.phys.hasPrefix(UInputClone.physPrefix) { return }
        let capabilities = device.capabilities
        let classification = capabilities.classification
        if let reason = reasonNotToRead(capabilities.name, classification) {
            skipped[path] = DeviceInfo(path: path, name: capabilities.name, classification: classification, isRead: false, reason: reason)
            onDevicesChanged?()
            return
        }
        // Another session has the seat (logind says so): its keys are that session's.
        if seatAway { return markSeatLost(path, capabilities.name, classification) }
        let hasHeadset = capabilities.keys.contains(KeyCode.media)
        let entry = OpenDevice(
            device: device,
            info: DeviceInfo(path: path, name: capabilities.name, classification: classification, isRead: true, reason: ""),
            translator: KeyTranslator(isMediaDevice: classification == .mediaDevice),
            headset: hasHeadset ? HeadsetRecognizer(timing: options.headsetTiming) : nil,
            wanted: PassthroughFilter.consumedKeys(classification: classification, keys: capabilities.keys))
        do {
            entry.source = try loop.watch(fd: device.fd) { [unowned self] _ in self.readPending(path) }
        } catch {
            skipped[path] = DeviceInfo(path: path, name: capabilities.name, classification: classification, isRead: false, reason: error.description)
            onDevicesChanged?()
            return
        }
        skipped[path] = nil
        open[path] = entry
        takeOver(entry)
        onDevicesChanged?()
    }

    private func isExcluded(_ name: String) -> Bool {
        options.exclude.contains { DeviceNamePattern.matches(name, $0) }
    }

    /// Why a device is not read, or nil when it is.
    private func reasonNotToRead(_ name: String, _ classification: DeviceClass) -> String? {
        if isExcluded(name) { return "excluded by name (devices.exclude)" }
        switch classification {
        case .mediaDevice:
            return nil
        case .keyboard:
            if options.readKeyboards || options.include.contains(where: { DeviceNamePattern.matches(name, $0) }) { return nil }
            return "a keyboard: its media keys are the desktop's (set devices.read_keyboards, or include it by name, to take them over)"
        case .accelerometer:
            return "an accelerometer: " + Self.accelerometerReason
        case .other:
            return "no media keys"
        }
    }

    /// A device that could not be opened. Without permission, sysfs still tells what it is: one
    /// that would not be read anyway (a keyboard the udev rule rightly does not grant, a mouse)
    /// is listed with that reason and no more; one that would be read (an accelerometer too: it
    /// is read while motion is claimed) is listed with the fix and warned of once, if it stays
    /// unreadable past udev's moment (``PermissionNotices``).
    private func skipUnopened(_ path: String, _ error: DeviceError) {
        guard case .permissionDenied = error else {
            skipped[path] = DeviceInfo(path: path, name: "", classification: .other, isRead: false, reason: error.description)
            onDevicesChanged?()
            return
        }
        let number = SysfsCapabilities.deviceNumber(of: path)
        let capabilities = number.flatMap { SysfsCapabilities.read($0) }
        let name = capabilities?.name ?? ""
        let classification = capabilities?.classification ?? .other
        let reason = reasonNotToRead(name, classification)
        if capabilities != nil, let reason, classification != .accelerometer || isExcluded(name) {
            skipped[path] = DeviceInfo(path: path, name: name, classification: classification, isRead: false, reason: reason)
            onDevicesChanged?()
            return
        }
        let udev = number.map { UdevProperties.read(major: $0.major, minor: $0.minor) } ?? [:]
        let fix = PermissionAdvice.fix(ruleGrants: PermissionAdvice.ruleGrants(name: name, classification: classification, udev: udev))
        skipped[path] = DeviceInfo(
            path: path, name: name, classification: classification, isRead: false, reason: error.description + "; " + fix,
            lacksPermission: true)
        permissionNotices.warnLater(path, error.description + (name.isEmpty ? "" : " (\(name))") + "; " + fix) { [unowned self] in
            self.skipped[path]?.lacksPermission == true
        }
        onDevicesChanged?()
    }

    /// The seat went to another session (its permission with it): the device is let go, as if
    /// it went away (ungrabbed, its clone removed, its held seeks ended), so that session's
    /// desktop and MediaRemote read it; it is read again when the permission comes back.
    func letGo(_ entry: OpenDevice) {
        remove(entry.info.path, telling: false)
        markSeatLost(entry.info.path, entry.info.name, entry.info.classification)
    }

    /// Lists the device as another session's, to be read again when this session has the seat.
    private func markSeatLost(_ path: String, _ name: String, _ classification: DeviceClass) {
        letGoForSession.insert(path)
        skipped[path] = DeviceInfo(
            path: path, name: name, classification: classification, isRead: false,
            reason: "another session has the seat: read again when this one has it")
        onDevicesChanged?()
    }

    /// The device went away (or broke): its held seeks end, then it is dropped; the device list
    /// is told it changed unless `telling` is false (the caller lists it again at once).
    private func remove(_ path: String, telling: Bool = true) {
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

    // MARK: Reading

    private func readPending(_ path: String) {
        guard let entry = open[path] else { return }
        var events: [Event] = []
        do {
            switch entry.info.reading {
            case .takenOver:
                try entry.device.readEvents { type, code, value, timestamp in
                    // Read before the grab: the desktop has had it already.
                    guard timestamp >= entry.takenOverSince else { return }
                    switch entry.filter.take(InputEvent(type, code, value)) {
                    case .consumed: if let value = KeyValue(rawValue: value) { events += key(entry, code, value, at: timestamp) }
                    case .wait: break
                    case .write(let frame): entry.clone?.write(frame)
                    }
                }
            case .waitingForKeysUp?:
                // The desktop still reads it and acts on what is pressed now: nothing is kept.
                try entry.device.readEvents { _, _, _, _ in }
                if !entry.device.anyKeyDown {
                    takeOver(entry)
                    onDevicesChanged?()
                }
            case .shared, nil:
                try entry.device.read(wanted: entry.wanted) { events += key(entry, $0.code, $0.value, at: $0.timestamp) }
            }
        } catch {
            onNotice?("\(entry.info.name) (\(path)) stopped working: \(error.description); the other devices go on")
            for event in events { onEvent?(event) }
            remove(path)
            return
        }
        for event in events { onEvent?(event) }
        if entry.headset != nil { armHeadsetTimer() }
    }

    /// The events a key MediaRemote acts on makes: the headset button's gestures, or a media key's.
    private func key(_ entry: OpenDevice, _ code: UInt16, _ value: KeyValue, at timestamp: MonotonicInstant) -> [Event] {
        guard code == KeyCode.media, entry.headset != nil else { return entry.translator.key(code, value, at: timestamp) }
        switch value {
        case .pressed: return entry.headset?.press(at: timestamp) ?? []
        case .released: return entry.headset?.release(at: timestamp) ?? []
        case .autorepeat: return []
        }
    }

    private func armHeadsetTimer() {
        headsetTimer.arm(at: open.values.compactMap { $0.headset?.deadline }.min())
    }

    private func headsetDeadline() {
        let now = MonotonicClock.now
        for entry in open.values {
            for event in entry.headset?.timeout(at: now) ?? [] { onEvent?(event) }
        }
        armHeadsetTimer()
    }
}
