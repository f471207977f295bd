import Input
import MediaRemoteAPI

#if canImport(Glibc)
import Glibc
#endif

/// Fast user switching, as the device sees it: mediaremoted runs as nobody and reads a headset
/// only while its node grants it (what logind's uaccess does with the node's ACL as the seat's
/// sessions change; busybox has no setfacl, so the mode stands in). When the permission goes,
/// the device is let go: nothing grabbed, no clone, its keys the other session's; when it comes
/// back, the device is taken over again. A grab another program holds for a moment (the other
/// session's MediaRemote, letting go as the seat changes hands) is tried again each second. The
/// same by logind's word (the user's file saying online, then active), the node still readable.
@MainActor func checkSeatSwitch() throws {
    let volumeUp: UInt16 = 115
    let headset = try UInputDevice(name: "MediaRemote Test Seat Headset", keys: [KeyCode.nextSong, volumeUp])
    guard let node = headset.node else { throw GuestFailure("the seat headset has no node") }
    chmod(node, 0o666)
    checkTakenOver(headset, "the headset, readable by this session, is taken over", "its")

    // The seat goes to another session: udev takes this session's permission away.
    chmod(node, 0o600)
    try checkLetGo(headset, node, "the permission gone")

    // The seat comes back.
    chmod(node, 0o666)
    checkTakenOver(headset, "the permission back, it is taken over again", "again its")

    // Switching back while the other session's MediaRemote still holds the grab: EBUSY, tried
    // again a second later, by which time it has let go.
    chmod(node, 0o600)
    settle(5000) { listed(headset)?.isRead == false }
    let other = try EvdevReader(node)
    let grabbed = cevdevGrab(other.fd, true)
    chmod(node, 0o666)
    // Held past the first try and its first retry a second later.
    var meanwhile = ""
    settle(1500) {
        meanwhile = listed(headset)?.notReadBecause ?? meanwhile
        return false
    }
    _ = cevdevGrab(other.fd, false)
    verdict(
        grabbed && meanwhile.hasPrefix("back from another session") && clone(of: headset.name) != nil,
        "seat: a grab held for 1.5 s by another (the other session letting go) is tried again each second, and the device taken over",
        otherwise: "seat: meanwhile '\(meanwhile)'; after another's grab, the device is \(String(describing: listed(headset)))")
    // By logind's word: the user's state goes from active to online (another user's session
    // has the seat) while the node stays readable, as for a user in the input group.
    // The node stays 0666 (this test set it so, and nothing here changes it): readable to
    // mediaremoted, which runs as nobody, so only logind's word can let the device go.
    setUserState("online")
    try checkLetGo(headset, node, "logind says another session has the seat (STATE=online)")
    setUserState("active")
    verdict(
        clone(of: headset.name) != nil, "seat: logind says the seat is back (STATE=active): taken over again",
        otherwise: "seat: with STATE=active again the device is \(String(describing: listed(headset)))")
    print("seat switch finished")
}

/// The device as `mediaremotectl devices` lists it, if it does.
@MainActor func listed(_ headset: UInputDevice) -> DescribeDevicesReply.Device? {
    devices().first { $0.name == headset.name }
}

/// The device taken over (`what`), and its media key MediaRemote's (`whose`: "its", "again its").
@MainActor func checkTakenOver(_ headset: UInputDevice, _ what: String, _ whose: String) {
    verdict(clone(of: headset.name) != nil, "seat: \(what)", otherwise: "seat: not \(what): \(String(describing: listed(headset)))")
    press(headset, KeyCode.nextSong)
    check("seat: … and \(whose) media key is MediaRemote's", ["nextTrack"])
}

/// The device let go (`how`: what took the seat away): listed as another session's, a reader
/// of its node gets its keys, MediaRemote acts on none.
@MainActor func checkLetGo(_ headset: UInputDevice, _ node: String, _ how: String) throws {
    var reason = ""
    settle(5000) {
        reason = listed(headset)?.notReadBecause ?? ""
        return !reason.isEmpty
    }
    verdict(
        reason.contains("another session has the seat"), "seat: \(how), the device is let go (\(reason))",
        otherwise: "seat: \(how), the device is \(String(describing: listed(headset)))")
    let otherSession = try EvdevReader(node)
    press(headset, KeyCode.nextSong)
    let seen = otherSession.keys(within: 2000) { $0.count >= 2 }
    verdict(
        seen.contains { $0.0 == KeyCode.nextSong }, "seat: … nothing grabs it: the other session reads its media key",
        otherwise: "seat: a reader of the let-go device saw \(seen)")
    check("seat: … and MediaRemote acts on nothing of it", [], within: 800)
}

/// Writes logind's file for nobody (mediaremoted runs as nobody here) as logind does: whole,
/// by a rename.
func setUserState(_ state: String) {
    let file = "/run/systemd/users/65534"
    guard let out = fopen(file + ".tmp", "w") else { return }
    fputs("# This is private data. Do not parse.\nNAME=nobody\nSTATE=\(state)\n", out)
    fclose(out)
    rename(file + ".tmp", file)
}

/// EVIOCGRAB on or off; whether it took.
func cevdevGrab(_ fd: Int32, _ on: Bool) -> Bool {
    // EVIOCGRAB = _IOW('E', 0x90, int)
    ioctl(fd, 0x4004_4590, on ? 1 : 0) == 0
}
