import Input
import Loop
import MediaRemoteAPI
import Time

#if canImport(Glibc)
import Glibc
#endif

/// A laptop's keyboard read by mediaremote-inputd for this session (run.sh starts the system
/// service on a second bus standing for the system bus, logind's files saying this user is
/// active on seat0, mediaremoted with that bus as its system bus, and dbus-monitor recording
/// every message on it): the keyboard is listed as taken over by mediaremote-inputd for this
/// session; letters and volume-up reach its clone, and only them; its play key reaches
/// mediaremoted once; after the keyboard's buffer overflowed, its clone holds what it does;
/// fast-forward held seeks while held; a keyboard unplugged with a key held
/// leaves nothing down; the session service killed, the keyboard is let go at once.
@MainActor func checkSystemKeyboards() throws {
    let volumeUp: UInt16 = 115
    // The system service's name as /proc/PID/comm keeps it (15 characters).
    let inputd = "mediaremote-inp"
    let letters: [UInt16] = [30, 48, 46]  // a, b, c
    var keyboard: UInputDevice? = try UInputDevice(
        name: "MediaRemote Laptop Keyboard", keys: Array(1...88) + [KeyCode.playPause, KeyCode.nextSong, KeyCode.fastForward, volumeUp])
    guard let name = keyboard?.name else { throw GuestFailure("the laptop keyboard was not made") }
    var node: String?
    settle(15_000) {
        if case .takenOverBySystemService(let clone)? = devices().first(where: { $0.name == name })?.reading { node = clone }
        return node != nil
    }
    guard let node else {
        failed += 1
        print("FAIL system keyboards: the keyboard is not taken over by mediaremote-inputd for this session: \(devices())")
        return
    }
    verdict(true, "system keyboards: mediaremotectl devices lists the keyboard taken over by mediaremote-inputd for this session (clone \(node))", otherwise: "")

    let clone = try EvdevReader(node)
    print("typing letters")
    for code in letters + [volumeUp] { press(keyboard!, code, hold: 10) }
    let typed = clone.keys(within: 3000) { $0.count >= 8 }
    let expected = (letters + [volumeUp]).flatMap { [($0, Int32(1)), ($0, Int32(0))] }
    verdict(
        typed.map(\.0) == expected.map(\.0) && typed.map(\.1) == expected.map(\.1),
        "system keyboards: a, b, c and volume-up reach the desktop through the clone, each pressed and released",
        otherwise: "system keyboards: the clone gave \(typed) for a, b, c and volume-up")
    check("system keyboards: typing reaches MediaRemote as nothing", [], within: 500)
    print("typed letters")

    press(keyboard!, KeyCode.playPause)
    check("system keyboards: the keyboard's play key reaches MediaRemote once (togglePlayPause)", ["togglePlayPause"])
    let leaked = clone.keys(within: 500)
    verdict(leaked.isEmpty, "system keyboards: the play key never reaches the clone", otherwise: "system keyboards: the clone gave \(leaked) for the play key")

    try checkOverflow(keyboard!, clone: node)
    try checkOtherSeatKeyboard()
    try checkReadKeyboardsByReload(name)

    // Claimed, keyboards taken over, nobody typing: the system service sleeps.
    let claimedIdle = idleWakeups(3000, of: inputd)
    verdict(
        claimedIdle == 0, "system keyboards: mediaremote-inputd is not woken while idle with the keyboard taken over (0 wakeups in 3 s)",
        otherwise: "system keyboards: mediaremote-inputd woke \(claimedIdle.map(String.init) ?? "?") times in 3 s of idle, claimed")

    press(keyboard!, KeyCode.fastForward, hold: 700)
    check("system keyboards: fast-forward held seeks while held, from a keyboard", ["beginSeekingForward", "endSeekingForward"])

    // Unplugged with a key held: the seek it began ends, nothing stays down.
    keyboard?.key(KeyCode.fastForward, 1)
    settle(3000) { received == ["beginSeekingForward"] }
    keyboard = nil
    check("system keyboards: a keyboard unplugged while fast-forward is held ends the seek", ["beginSeekingForward", "endSeekingForward"])

    // The session's service killed (a crash: no release sent): its claim goes with its
    // connection, and the system service lets every keyboard go at once (here: grabbing it
    // succeeds).
    let second = try UInputDevice(name: "MediaRemote Second Laptop Keyboard", keys: Array(1...88) + [KeyCode.playPause])
    guard let secondNode = second.node else { throw GuestFailure("the second keyboard has no node") }
    settle(15_000) {
        if case .takenOverBySystemService? = devices().first(where: { $0.name == second.name })?.reading { return true }
        return false
    }
    guard let session = processID(named: "mediaremoted") else { throw GuestFailure("no mediaremoted to stop") }
    let reader = try EvdevReader(secondNode)
    let stopped = MonotonicClock.now
    kill(session, SIGKILL)
    var free = false
    settle(5000) {
        free = cevdevGrab(reader.fd, true)
        return free
    }
    let after = MonotonicClock.now.duration(since: stopped)
    if free { _ = cevdevGrab(reader.fd, false) }
    let unclaimedIdle = idleWakeups(3000, of: inputd)
    verdict(
        unclaimedIdle == 0, "system keyboards: with no claim, mediaremote-inputd is not woken (0 wakeups in 3 s)",
        otherwise: "system keyboards: mediaremote-inputd woke \(unclaimedIdle.map(String.init) ?? "?") times in 3 s with no claim")
    verdict(
        free && after < .seconds(1),
        "system keyboards: mediaremoted killed (-9), mediaremote-inputd lets the keyboard go within a fraction of a second (\(after.wholeMicroseconds / 1000) ms)",
        otherwise: "system keyboards: mediaremoted killed (-9), the keyboard is \(free ? "let go after \(after)" : "still grabbed after 5 s")")
}

/// A keyboard udev gives to seat1 (its database's `ID_SEAT`, written here for the node the
/// kernel will give it, as udev would have it) is that seat's desktop's: mediaremote-inputd,
/// which serves seat0's active session, neither grabs it nor sends its keys anywhere.
@MainActor func checkOtherSeatKeyboard() throws {
    let number = try nextEventNumber()
    let entry = try writeSeat1Entry(number)
    defer { unlink(entry) }
    let keyboard = try seat1Keyboard("MediaRemote Seat1 Keyboard", number: number)
    let reason = seat1Reason(of: keyboard.name, within: 15_000)
    verdict(
        reason != nil,
        "system keyboards: a keyboard udev gives to seat1 is left to that seat: devices says \"\(reason ?? "")\"",
        otherwise: "system keyboards: the seat1 keyboard is listed as \(devices().filter { $0.name == keyboard.name })")
    let reader = try EvdevReader("/dev/input/event\(number)")
    let free = cevdevGrab(reader.fd, true)
    if free { _ = cevdevGrab(reader.fd, false) }
    verdict(free, "system keyboards: nobody grabs the seat1 keyboard", otherwise: "system keyboards: the seat1 keyboard is grabbed")
    press(keyboard, KeyCode.playPause)
    check("system keyboards: the seat1 keyboard's play key reaches this session as nothing", [], within: 500)
    try checkSeatNamedLate()
}

/// A keyboard just plugged in, udev at work (its control socket there, here a stand-in file) and
/// naming its seat only 300 ms later, as a busy udev does: not read meanwhile, then left to seat1.
@MainActor func checkSeatNamedLate() throws {
    let control = "/run/udev/control"
    guard let marker = fopen(control, "w") else { throw GuestFailure("cannot write \(control)") }
    fclose(marker)
    defer { unlink(control) }
    let number = try nextEventNumber()
    unlink("/run/udev/data/c13:\(64 + number)")  // no entry yet: udev is at work
    let keyboard = try seat1Keyboard("MediaRemote Late Seat1 Keyboard", number: number)
    settle(300)
    let meanwhile = devices().first { $0.name == keyboard.name }
    let entry = try writeSeat1Entry(number)
    defer { unlink(entry) }
    let reason = seat1Reason(of: keyboard.name, within: 5000)
    verdict(
        meanwhile?.reading == nil && reason != nil,
        "system keyboards: a keyboard whose seat udev names 300 ms after it is plugged in is not taken over meanwhile, and then left to seat1",
        otherwise: "system keyboards: the late keyboard was \(String(describing: meanwhile)) meanwhile, then \(String(describing: reason))")
}

/// The number the kernel gives the next event node: the lowest free one. Below 32, whose minors
/// are 64 past their numbers (the kernel numbers later ones otherwise).
func nextEventNumber() throws -> Int {
    let taken = Set(inputNodes())
    guard let number = (0..<32).first(where: { !taken.contains("event\($0)") }) else { throw GuestFailure("no free event node below 32") }
    return number
}

/// Writes udev's database entry for event node `number` as udev would for a keyboard of seat1;
/// its path.
func writeSeat1Entry(_ number: Int) throws -> String {
    for folder in ["/run", "/run/udev", "/run/udev/data"] { mkdir(folder, 0o755) }
    let entry = "/run/udev/data/c13:\(64 + number)"
    guard let file = fopen(entry, "w") else { throw GuestFailure("cannot write \(entry)") }
    fputs("E:ID_INPUT=1\nE:ID_INPUT_KEYBOARD=1\nE:ID_SEAT=seat1\n", file)
    fclose(file)
    return entry
}

/// A laptop-like keyboard with a play key, which must be given event node `number`.
func seat1Keyboard(_ name: String, number: Int) throws -> UInputDevice {
    let keyboard = try UInputDevice(name: name, keys: Array(1...88) + [KeyCode.playPause])
    guard keyboard.node == "/dev/input/event\(number)" else {
        throw GuestFailure("\(name) is \(keyboard.node ?? "no node"), not event\(number) as its udev entry says")
    }
    return keyboard
}

/// Why `name` is not read, once devices says it is on seat1, within `milliseconds`; nil if not.
@MainActor func seat1Reason(of name: String, within milliseconds: Int64) -> String? {
    var reason: String?
    settle(milliseconds) {
        reason = devices().first { $0.name == name }?.notReadBecause
        return reason?.contains("on seat1") == true
    }
    return reason?.contains("on seat1") == true ? reason : nil
}
/// A reload that turns read_keyboards on while mediaremote-inputd reads the keyboards for this
/// session: mediaremoted takes the keyboard over itself once the service has let it go (not
/// "taken over by another program", the service's grab found still held); turned off again, the
/// keyboard goes back to the service. run.sh starts mediaremoted with the file named here.
@MainActor func checkReadKeyboardsByReload(_ name: String) throws {
    let configuration = "/tmp/system-keyboards.toml"
    func reload(_ text: String) throws {
        guard let file = fopen(configuration, "w") else { throw GuestFailure("cannot write \(configuration)") }
        fputs(text, file)
        fclose(file)
        _ = try bridge(MediaRemoteMembers.reload)
    }
    /// The keyboard once its reading is as `wanted` says, within 10 s, or as last seen.
    func keyboard(until wanted: (DescribeDevicesReply.Device.Reading?) -> Bool) -> (reached: Bool, seen: DescribeDevicesReply.Device?) {
        var seen: DescribeDevicesReply.Device?
        settle(10_000) {
            seen = devices().first { $0.name == name }
            return wanted(seen?.reading)
        }
        return (wanted(seen?.reading), seen)
    }
    try reload("[devices]\nread_keyboards = true\n")
    let own = keyboard { if case .takenOver? = $0 { true } else { false } }
    verdict(
        own.reached, "system keyboards: a reload turning read_keyboards on has mediaremoted take the keyboard over itself, once mediaremote-inputd let it go",
        otherwise: "system keyboards: after the reload to read_keyboards the keyboard is \(String(describing: own.seen))")
    try reload("")
    let back = keyboard { if case .takenOverBySystemService? = $0 { true } else { false } }
    verdict(
        back.reached, "system keyboards: read_keyboards off again, the keyboard goes back to mediaremote-inputd for this session",
        otherwise: "system keyboards: after the reload back the keyboard is \(String(describing: back.seen))")
}
