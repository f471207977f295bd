import Loop
import Testing

@testable import Input

/// Which devices are read, and why not the others: facts in, the decision and its reason out,
/// at each point where MediaDevices asks. No device, no sysfs.
@Suite("DeviceChoice: which devices are read, and why not the others")
struct DeviceChoiceTests {
    typealias NotRead = MediaDevices.NotRead

    // The devices, as they report themselves.
    static let headset = DeviceCapabilities(name: "USB Headset", keys: [KeyCode.playPause, 114, 115, KeyCode.media])
    static let avrcp = DeviceCapabilities(name: "WH-1000XM4 (AVRCP)", keys: [KeyCode.playCD, KeyCode.pauseCD, KeyCode.nextSong])
    static let keyboard = DeviceCapabilities(name: "AT Translated Set 2 keyboard", keys: Set(1...88).union([KeyCode.playPause]))
    static let accelerometer = DeviceCapabilities(name: "ST LIS3LV02DL Accelerometer", keys: [], hasXYZAxes: true)
    static let mouse = DeviceCapabilities(name: "Logitech USB Receiver Mouse", keys: [272, 273, 274])

    // The configurations.
    static let defaults = DeviceChoice(readKeyboards: false, include: [], exclude: [])
    static let readingKeyboards = DeviceChoice(readKeyboards: true, include: [], exclude: [])
    static let includingAT = DeviceChoice(readKeyboards: false, include: ["AT *"], exclude: [])
    static let includingHeadsets = DeviceChoice(readKeyboards: false, include: ["*Headset*"], exclude: [])
    static let excludingHeadsets = DeviceChoice(readKeyboards: false, include: [], exclude: ["*Headset*"])
    static let excludingAT = DeviceChoice(readKeyboards: true, include: ["AT *"], exclude: ["AT *"])
    static let excludingSensors = DeviceChoice(readKeyboards: false, include: [], exclude: ["*Accelerometer"])

    static let usbPhys = "usb-0000:00:14.0-2/input3"
    static let ourPhys = UInputClone.physPrefix + "event5"

    @Test(
        "a device opened: read, not read and why, or ours and left alone",
        arguments: [
            // (configuration, phys, the device, another session has the seat, decision)
            (defaults, usbPhys, headset, false, DeviceChoice.Decision.read),
            (defaults, "", avrcp, false, .read),  // BlueZ's, by its name
            (defaults, usbPhys, keyboard, false, .notRead(.keyboard)),
            (readingKeyboards, usbPhys, keyboard, false, .read),
            (includingAT, usbPhys, keyboard, false, .read),
            (includingHeadsets, usbPhys, keyboard, false, .notRead(.keyboard)),  // a pattern that names another
            (excludingHeadsets, usbPhys, headset, false, .notRead(.excluded)),
            (excludingAT, usbPhys, keyboard, false, .notRead(.excluded)),  // exclude wins over read_keyboards and include
            (defaults, usbPhys, accelerometer, false, .notRead(.accelerometer)),  // MotionInput's
            (excludingSensors, usbPhys, accelerometer, false, .notRead(.excluded)),
            (defaults, usbPhys, mouse, false, .notRead(.noMediaKeys)),
            (defaults, ourPhys, headset, false, .ignored),  // our clone, should sysfs not have said
            (excludingHeadsets, ourPhys, headset, true, .ignored),  // ours before anything else
            (defaults, usbPhys, headset, true, .notRead(.anotherSession)),
            (defaults, usbPhys, keyboard, true, .notRead(.keyboard)),  // its own reason first
        ] as [(DeviceChoice, String, DeviceCapabilities, Bool, DeviceChoice.Decision)])
    func opened(_ choice: DeviceChoice, _ phys: String, _ device: DeviceCapabilities, _ seatAway: Bool, _ decision: DeviceChoice.Decision) {
        #expect(choice.opened(phys: phys, capabilities: device, seatAway: seatAway) == decision)
    }

    @Test(
        "mediaremote-inputd reads seat0's keyboards alone: another seat's keyboard is its own desktop's",
        arguments: [
            // (udev's seat for the device, decision)
            ("seat0", DeviceChoice.Decision.read),
            ("seat1", .notRead(.otherSeat("seat1", read: "seat0"))),
        ] as [(String, DeviceChoice.Decision)])
    func seat(_ seat: String, _ decision: DeviceChoice.Decision) {
        let inputd = DeviceChoice(readKeyboards: false, keyboardsOnly: true, seat: "seat0", include: [], exclude: [])
        #expect(inputd.opened(phys: Self.usbPhys, capabilities: Self.keyboard, seat: seat, seatAway: false) == decision)
        // The session's service reads any seat's device its session's ACLs let it open.
        #expect(Self.readingKeyboards.opened(phys: Self.usbPhys, capabilities: Self.keyboard, seat: seat, seatAway: false) == .read)
        // A headset on another seat is the session's anyway: its own reason comes first.
        #expect(inputd.opened(phys: Self.usbPhys, capabilities: Self.headset, seat: seat, seatAway: false) == .notRead(.notAKeyboard))
    }

    @Test(
        "before opening: our clones are left alone, another program's copy while its original is read",
        arguments: [
            // (its node is one of our clones', what sysfs says it is, the names of the devices read, decision)
            (true, PassthroughIdentity.original, [], DeviceChoice.BeforeOpening.ignored),
            (false, .original, [], .open),
            (false, .mediaRemoteClone, [], .ignored),
            (false, .copy(of: "USB Headset"), ["USB Headset"], .copy(of: "USB Headset")),
            (false, .copy(of: "USB Headset"), [], .open),  // another program holds the original: the copy is the way in
            (false, .copy(of: "USB Headset"), ["AT Translated Set 2 keyboard"], .open),
        ] as [(Bool, PassthroughIdentity, Set<String>, DeviceChoice.BeforeOpening)])
    func beforeOpening(_ isOurClone: Bool, _ identity: PassthroughIdentity, _ namesRead: Set<String>, _ decision: DeviceChoice.BeforeOpening) {
        #expect(Self.defaults.beforeOpening(isOurClone: isOurClone, identity: identity, namesRead: namesRead) == decision)
    }

    static let path = "/dev/input/event5"
    static let denied = DeviceError.permissionDenied(path)
    static let gone = DeviceError.unusable(path, "No such device")
    static let ruleFix = PermissionAdvice.fix(ruleGrants: true)
    static let groupFix = PermissionAdvice.fix(ruleGrants: false)
    /// Listed before: opened and left unread, never opened for want of permission, never opened at all.
    static let listedKeyboard = MediaDevices.DeviceInfo(path: path, name: keyboard.name, classification: .keyboard, state: .notRead(.keyboard))
    static let listedLacking = MediaDevices.DeviceInfo(
        path: path, name: headset.name, classification: .mediaDevice, state: .notRead(.noPermission(denied, fix: ruleFix)))
    static let listedUnnamed = MediaDevices.DeviceInfo(path: path, name: "", classification: .other, state: .notRead(.cannotOpen(gone)))
    static let udevHeadset = ["ID_INPUT": "1", "ID_INPUT_KEY": "1"]
    static let udevMouse = ["ID_INPUT": "1", "ID_INPUT_KEY": "1", "ID_INPUT_MOUSE": "1"]
    static let udevKeyboard = ["ID_INPUT": "1", "ID_INPUT_KEY": "1", "ID_INPUT_KEYBOARD": "1"]

    /// Listed as not read, under the name and class of `device` (nothing, when sysfs cannot say).
    static func listed(_ device: DeviceCapabilities?, _ why: NotRead) -> DeviceChoice.Unopened {
        .notRead(name: device?.name ?? "", classification: device?.classification ?? .other, why)
    }

    @Test(
        "a node that could not be opened: another session's, not read anyway, or lacking permission with the fix",
        arguments: [
            // (configuration, error, let go for another session, listed before, sysfs, udev, decision)
            (defaults, gone, false, nil, headset, [:], listed(nil, .cannotOpen(gone))),
            (defaults, gone, true, listedKeyboard, headset, [:], listed(nil, .cannotOpen(gone))),  // only permission is the seat's
            (defaults, denied, true, listedKeyboard, headset, [:], .unchanged),  // another session's still
            (defaults, denied, false, listedKeyboard, headset, [:], listed(keyboard, .anotherSession)),  // as it was known
            // Never opened before: its permission is not the seat's to take.
            (defaults, denied, false, listedLacking, headset, [:], listed(headset, .noPermission(denied, fix: ruleFix))),
            (defaults, denied, false, listedUnnamed, headset, [:], listed(headset, .noPermission(denied, fix: ruleFix))),
            // Not read anyway: said as such, with no fix.
            (defaults, denied, false, nil, keyboard, udevKeyboard, listed(keyboard, .keyboard)),
            (defaults, denied, false, nil, mouse, [:], listed(mouse, .noMediaKeys)),
            (excludingHeadsets, denied, false, nil, headset, [:], listed(headset, .excluded)),
            // Would be read: the fix, as udev's record (or, without one, its class) tells the rule's grant.
            (defaults, denied, false, nil, headset, [:], listed(headset, .noPermission(denied, fix: ruleFix))),
            (defaults, denied, false, nil, headset, udevHeadset, listed(headset, .noPermission(denied, fix: ruleFix))),
            // A receiver's mouse node with consumer keys: the rule grants no mouse.
            (defaults, denied, false, nil, headset, udevMouse, listed(headset, .noPermission(denied, fix: groupFix))),
            (readingKeyboards, denied, false, nil, keyboard, udevKeyboard, listed(keyboard, .noPermission(denied, fix: groupFix))),
            // An accelerometer is read while motion is claimed: its lack of permission is said, unless excluded.
            (defaults, denied, false, nil, accelerometer, [:], listed(accelerometer, .noPermission(denied, fix: ruleFix))),
            (excludingSensors, denied, false, nil, accelerometer, [:], listed(accelerometer, .excluded)),
            // sysfs cannot say: the fix for no device in particular.
            (defaults, denied, false, nil, nil, [:], listed(nil, .noPermission(denied, fix: groupFix))),
        ] as [(DeviceChoice, DeviceError, Bool, MediaDevices.DeviceInfo?, DeviceCapabilities?, [String: String], DeviceChoice.Unopened)])
    func unopened(
        _ choice: DeviceChoice, _ error: DeviceError, _ letGo: Bool, _ listed: MediaDevices.DeviceInfo?, _ sysfs: DeviceCapabilities?,
        _ udev: [String: String], _ decision: DeviceChoice.Unopened
    ) {
        #expect(choice.unopened(error, letGoForSession: letGo, listed: listed, sysfs: sysfs, udev: udev) == decision)
    }

    @Test("sysfs and udev are read only when the decision comes to them")
    func readsOnlyWhatItNeeds() {
        var reads: [String] = []
        func identity() -> PassthroughIdentity { reads.append("identity"); return .original }
        func sysfs(_ device: DeviceCapabilities?) -> DeviceCapabilities? { reads.append("sysfs"); return device }
        func udev() -> [String: String] { reads.append("udev"); return [:] }
        let choice = Self.defaults

        _ = choice.beforeOpening(isOurClone: true, identity: identity(), namesRead: [])
        _ = choice.unopened(Self.gone, letGoForSession: false, listed: nil, sysfs: sysfs(Self.headset), udev: udev())
        _ = choice.unopened(Self.denied, letGoForSession: true, listed: nil, sysfs: sysfs(Self.headset), udev: udev())
        _ = choice.unopened(Self.denied, letGoForSession: false, listed: Self.listedKeyboard, sysfs: sysfs(Self.headset), udev: udev())
        #expect(reads.isEmpty)

        _ = choice.beforeOpening(isOurClone: false, identity: identity(), namesRead: [])
        _ = choice.unopened(Self.denied, letGoForSession: false, listed: nil, sysfs: sysfs(Self.keyboard), udev: udev())
        #expect(reads == ["identity", "sysfs"])
        _ = choice.unopened(Self.denied, letGoForSession: false, listed: nil, sysfs: sysfs(Self.headset), udev: udev())
        #expect(reads == ["identity", "sysfs", "sysfs", "udev"])
    }

    @Test(
        "a device read whose node changed: read while it is readable, else another session's",
        arguments: [(true, DeviceChoice.Decision.read), (false, .notRead(.anotherSession))])
    func nodeChanged(_ readable: Bool, _ decision: DeviceChoice.Decision) {
        #expect(Self.defaults.nodeChanged(readable: readable) == decision)
    }

    static let noUInput = "no permission to write /dev/uinput"
    static let noGrab = "cannot grab it: Invalid argument"

    @Test(
        "no take-over: a media device read shared, a keyboard not read",
        arguments: [
            // (class, why no take-over, for want of /dev/uinput, state)
            (DeviceClass.mediaDevice, noUInput, true, MediaDevices.DeviceInfo.State.read(.shared(because: noUInput, withoutUInput: true))),
            (.mediaDevice, noGrab, false, .read(.shared(because: noGrab, withoutUInput: false))),
            (.keyboard, noUInput, true, .notRead(.keyboardNotTakenOver(because: noUInput))),
            (.keyboard, noGrab, false, .notRead(.keyboardNotTakenOver(because: noGrab))),
        ] as [(DeviceClass, String, Bool, MediaDevices.DeviceInfo.State)])
    func withoutTakeOver(_ classification: DeviceClass, _ reason: String, _ withoutUInput: Bool, _ state: MediaDevices.DeviceInfo.State) {
        #expect(Self.defaults.withoutTakeOver(classification, because: reason, withoutUInput: withoutUInput) == state)
    }

    @Test(
        "a grab held: tried again a few times when back from another session, else another program's",
        arguments: [
            // (tries since it came back from another session, nil when it did not; why not read)
            (nil, NotRead.grabbedByAnotherProgram),
            (0, .grabStillHeld),
            (DeviceChoice.grabRetries - 1, .grabStillHeld),
            (DeviceChoice.grabRetries, .grabbedByAnotherProgram),
        ] as [(Int?, NotRead)])
    func grabHeld(_ tries: Int?, _ why: NotRead) {
        #expect(Self.defaults.grabHeld(triesSoFar: tries) == why)
    }

    @Test(
        "each reason in the words the journal and mediaremotectl devices show",
        arguments: [
            (NotRead.excluded, "excluded by name (devices.exclude)"),
            (.keyboard, "a keyboard: its media keys go to the desktop unless mediaremote-inputd reads them for this session (sudo systemctl enable --now mediaremote-inputd)"),
            (.accelerometer,
             "an accelerometer: open only while an app claims motion (or mediaremotectl motion watch runs) or a shake action is set, "
                + "and nobody does now"),
            (.noMediaKeys, "no media keys"),
            (.copy(of: "USB Headset"),
             "a copy of \"USB Headset\" made by another program (a uinput device with its name): its keys are that device's, which is read"),
            (.cannotOpen(gone), "cannot use /dev/input/event5: No such device"),
            (.noPermission(denied, fix: "the fix"), "no permission to read /dev/input/event5; the fix"),
            (.anotherSession, "another session has the seat: read again when this one has it"),
            (.keyboardNotTakenOver(because: noUInput), "a keyboard is read only when taken over, and no permission to write /dev/uinput"),
            (.grabStillHeld, "back from another session, whose MediaRemote still holds it: tried again in a second"),
            (.grabbedByAnotherProgram,
             "taken over by another program (keyd, input-remapper, …): only that program reads its keys; "
                + "the device it makes is read instead, if it has media keys"),
            (.otherSeat("seat1", read: "seat0"),
             "on seat1: only seat0's keyboards are read, for seat0's active session; this one's keys go to its own seat's desktop"),
        ] as [(NotRead, String)])
    func words(_ why: NotRead, _ words: String) {
        #expect(why.description == words)
    }

    @Test("a node the loop could not watch is listed in the loop's words")
    func cannotWatchWords() throws {
        let loop = try EventLoop()
        let error = try #require(#expect(throws: LoopError.self) { try loop.watch(fd: -1) { _ in } })
        #expect(NotRead.cannotWatch(error).description == error.description)
    }

    static let clone = "/dev/input/event9"

    @Test(
        "a device listed says read or not read once, and each view of it agrees",
        arguments: [
            // (state, is read, how it is read, why not in words, lacks permission)
            (MediaDevices.DeviceInfo.State.read(.takenOver(clone: clone)), true, MediaDevices.Reading.takenOver(clone: clone), "", false),
            (.notRead(.keyboard), false, nil, NotRead.keyboard.description, false),
            (.notRead(.noPermission(denied, fix: "the fix")), false, nil, "no permission to read /dev/input/event5; the fix", true),
        ] as [(MediaDevices.DeviceInfo.State, Bool, MediaDevices.Reading?, String, Bool)])
    func views(_ state: MediaDevices.DeviceInfo.State, _ isRead: Bool, _ reading: MediaDevices.Reading?, _ reason: String, _ lacksPermission: Bool) {
        let info = MediaDevices.DeviceInfo(path: Self.path, name: "USB Headset", classification: .mediaDevice, state: state)
        #expect(info.isRead == isRead)
        #expect(info.reading == reading)
        #expect(info.reason == reason)
        #expect(info.lacksPermission == lacksPermission)
    }
}

extension DeviceChoice {
    /// The whole decision on a node that could not be opened, as the table makes it in two
    /// steps (sysfs read between them, only when the first has no answer): `sysfs` and `udev`
    /// are asked only then, so a test sees that they are not read when they need not be.
    func unopened(
        _ error: DeviceError, letGoForSession: Bool, listed: MediaDevices.DeviceInfo?,
        sysfs: @autoclosure () -> DeviceCapabilities?, udev: @autoclosure () -> [String: String]
    ) -> Unopened {
        unopenedBeforeSysfs(error, letGoForSession: letGoForSession, listed: listed) ?? unopenedFromSysfs(error, sysfs: sysfs(), udev: udev())
    }
}
