/// Which input devices MediaRemote reads, and why not the others: the decision alone, on the
/// facts the shell gathers (from sysfs, the node, the device, the seat) and the
/// configuration's lists. It does no I/O. ``DeviceTable`` asks it at each point where it
/// learns something: before a node is opened, when it cannot be, once it is, when the node of
/// a device read changes, when a take-over cannot be made. A fact that costs a read of sysfs
/// is asked for only if the decision comes to it (an autoclosure here; the table's `describe`
/// action), so a device is looked at no more than the decision needs.
struct DeviceChoice: Sendable {
    /// How many times a device back from another session is tried again when its grab is
    /// found held, a second apart.
    static let grabRetries = 5

    /// Also read full keyboards (`devices.read_keyboards`), taken over.
    var readKeyboards: Bool
    /// Read keyboards alone (mediaremote-inputd's choice: the session's service reads the rest).
    var keyboardsOnly = false
    /// Read only this seat's devices (``MediaDevices/Options/seat``); nil for any.
    var seat: String?
    /// A device's seat when udev names none.
    static let defaultSeat = "seat0"
    /// Shell patterns on device names (``DeviceNamePattern``): a keyboard included is read
    /// without `read_keyboards`; a device excluded is never read. Exclude wins.
    var include: [String]
    var exclude: [String]

    /// What becomes of a device opened.
    enum Decision: Equatable, Sendable {
        /// Read (kept open): taken over where it can be (``withoutTakeOver(_:because:withoutUInput:)``
        /// says what happens where it cannot).
        case read
        /// Not read (closed), and listed with why.
        case notRead(MediaDevices.NotRead)
        /// Neither read nor listed: one of MediaRemote's own clones.
        case ignored
    }

    /// What becomes of a node before it is opened.
    enum BeforeOpening: Equatable, Sendable {
        /// Opened, to see what it is (``opened(phys:capabilities:seatAway:)``).
        case open
        /// Neither opened nor listed: one of MediaRemote's own clones.
        case ignored
        /// Not opened, listed as a copy of the device named, which is read (``MediaDevices/NotRead/copy(of:)``).
        case copy(of: String)
    }

    /// What becomes of a node that could not be opened.
    enum Unopened: Equatable, Sendable {
        /// Left as it is listed, and nothing said: another session's still.
        case unchanged
        /// Listed as not read, under the name and class known of it, and why.
        case notRead(name: String, classification: DeviceClass, MediaDevices.NotRead)
    }

    /// Whether `name` matches a pattern of `exclude`.
    func isExcluded(_ name: String) -> Bool {
        exclude.contains { DeviceNamePattern.matches(name, $0) }
    }

    /// Why a device of this name and class, with these keys, is not read, or nil when it is.
    func whyNot(_ name: String, _ classification: DeviceClass, keys: Set<UInt16>) -> MediaDevices.NotRead? {
        if isExcluded(name) { return .excluded }
        if keyboardsOnly, classification != .keyboard { return .notAKeyboard }
        switch classification {
        case .mediaDevice, .headphoneJack:
            return nil
        case .keyboard:
            // A keyboard is read for its media keys alone, taken over: one with none (many an
            // external keyboard) would only make each keystroke cross MediaRemote for nothing.
            if PassthroughFilter.consumedKeys(classification: .keyboard, keys: keys).isEmpty { return .noMediaKeys }
            if keyboardsOnly || readKeyboards || include.contains(where: { DeviceNamePattern.matches(name, $0) }) { return nil }
            return .keyboard
        case .accelerometer:
            return .accelerometer
        case .other:
            return .noMediaKeys
        }
    }

    /// Before opening: a copy is never read (``PassthroughIdentity``). MediaRemote's own clones
    /// are known by their nodes (`isOurClone`, whatever sysfs says) and by sysfs (`identity`,
    /// `.original` when sysfs does not say, read only when the node is not known); another
    /// program's copy is left alone while its original is among `namesRead`, and read when it
    /// is not (that program holds the original: the copy is the way in).
    func beforeOpening(isOurClone: Bool, identity: @autoclosure () -> PassthroughIdentity, namesRead: Set<String>) -> BeforeOpening {
        if isOurClone { return .ignored }
        switch identity() {
        case .original: return .open
        case .mediaRemoteClone: return .ignored
        case .copy(let original): return namesRead.contains(original) ? .copy(of: original) : .open
        }
    }

    /// A node that could not be opened, before sysfs is read: for want of permission, a device
    /// let go for another session (`letGoForSession`), or one opened before (`listed` with a
    /// name, not for want of permission), is another session's: the seat's permission went with
    /// the seat. Any other error is listed as it is, with no name. Nil when it comes to sysfs
    /// (``unopenedFromSysfs(_:sysfs:udev:)``), which the table then asks the shell to read.
    func unopenedBeforeSysfs(_ error: DeviceError, letGoForSession: Bool, listed: MediaDevices.DeviceInfo?) -> Unopened? {
        guard case .permissionDenied = error else { return .notRead(name: "", classification: .other, .cannotOpen(error)) }
        if letGoForSession { return .unchanged }
        if let listed, !listed.lacksPermission, !listed.name.isEmpty {
            return .notRead(name: listed.name, classification: listed.classification, .anotherSession)
        }
        return nil
    }

    /// A node this user may not open, as sysfs tells it: one that would not be read anyway (a
    /// keyboard the udev rule rightly does not grant, a mouse) is listed with that reason; one
    /// that would be (an accelerometer too: it is read while motion is claimed) is listed with
    /// the fix, which `udev`'s properties choose.
    func unopenedFromSysfs(_ error: DeviceError, sysfs capabilities: DeviceCapabilities?, udev: @autoclosure () -> [String: String]) -> Unopened {
        let name = capabilities?.name ?? ""
        let classification = capabilities?.classification ?? .other
        if let capabilities, let why = whyNot(name, classification, keys: capabilities.keys), classification != .accelerometer || why == .excluded {
            return .notRead(name: name, classification: classification, why)
        }
        let fix = PermissionAdvice.fix(ruleGrants: PermissionAdvice.ruleGrants(name: name, classification: classification, udev: udev()))
        return .notRead(name: name, classification: classification, .noPermission(error, fix: fix))
    }

    /// A device opened: never one whose `phys` is our clones' (should sysfs not have said); else
    /// by its name and class, then by its `seat` where one seat is read, and, while another
    /// session has the seat (`seatAway`), not at all.
    func opened(phys: String, capabilities: DeviceCapabilities, seat: String = defaultSeat, seatAway: Bool) -> Decision {
        if phys.hasPrefix(UInputClone.physPrefix) { return .ignored }
        if let why = whyNot(capabilities.name, capabilities.classification, keys: capabilities.keys) { return .notRead(why) }
        if let only = self.seat, seat != only { return .notRead(.otherSeat(seat, read: only)) }
        if seatAway { return .notRead(.anotherSession) }
        return .read
    }

    /// A device read whose node changed (udev moves its ACL as the seat changes session): read
    /// while it is `readable`; its permission gone, the seat went to another session.
    func nodeChanged(readable: Bool) -> Decision {
        readable ? .read : .notRead(.anotherSession)
    }

    /// A device read that cannot be taken over, `because` (and whether for want of
    /// /dev/uinput): a keyboard is not read at all, for then every media key of it would act
    /// twice; any other device is read shared (a desktop reading it acts on its keys too).
    func withoutTakeOver(_ classification: DeviceClass, because reason: String, withoutUInput: Bool) -> MediaDevices.DeviceInfo.State {
        classification == .keyboard
            ? .notRead(.keyboardNotTakenOver(because: reason))
            : .read(.shared(because: reason, withoutUInput: withoutUInput))
    }

    /// A device whose grab is held by someone else (EBUSY), tried `triesSoFar` times since it
    /// came back from another session (nil: it did not): that session's MediaRemote letting go,
    /// tried again, a few times; else another program's.
    func grabHeld(triesSoFar: Int?) -> MediaDevices.NotRead {
        if let tries = triesSoFar, tries < Self.grabRetries { return .grabStillHeld }
        return .grabbedByAnotherProgram
    }
}

extension DeviceChoice {
    init(_ options: MediaDevices.Options) {
        self.init(readKeyboards: options.readKeyboards, keyboardsOnly: options.keyboardsOnly, seat: options.seat, include: options.include, exclude: options.exclude)
    }
}
