import Input

#if canImport(Glibc)
import Glibc
#endif

/// SYN_DROPPED on a keyboard taken over by mediaremote-inputd: the service stopped while the
/// keyboard floods its buffer, so the kernel drops what it said: a key's release and another's
/// press among it, and the play key pressed last and still held. Resumed, the service brings
/// the clone to the keyboard's state: the key released meanwhile is up on the clone (never
/// stuck down for the desktop), the one pressed meanwhile is down, and its release later comes
/// up; the play key held acts once, though its press is both in what the kernel kept and in
/// the state the resync reads.
@MainActor func checkOverflow(_ keyboard: UInputDevice, clone node: String) throws {
    let (a, b, s): (UInt16, UInt16, UInt16) = (30, 48, 31)
    guard let inputd = processID(named: "mediaremote-inp") else { throw GuestFailure("no mediaremote-inputd to stop") }
    let clone = try EvdevReader(node)
    keyboard.key(a, 1)
    settle(3000) { clone.keysDown == [a] }
    let heldBefore = clone.keysDown
    received = []
    kill(inputd, SIGSTOP)
    for _ in 0..<300 {
        keyboard.key(b, 1)
        keyboard.key(b, 0)
    }
    keyboard.key(a, 0)
    keyboard.key(s, 1)
    for _ in 0..<300 {
        keyboard.key(b, 1)
        keyboard.key(b, 0)
    }
    keyboard.key(KeyCode.playPause, 1)
    kill(inputd, SIGCONT)
    check("system keyboards: after SYN_DROPPED, the play key held through it reaches MediaRemote once (togglePlayPause)", ["togglePlayPause"])
    settle(3000) { clone.keysDown == [s] }
    let heldAfter = clone.keysDown
    keyboard.key(s, 0)
    keyboard.key(KeyCode.playPause, 0)
    settle(3000) { clone.keysDown.isEmpty }
    verdict(
        heldBefore == [a] && heldAfter == [s] && clone.keysDown.isEmpty,
        "system keyboards: after SYN_DROPPED (1,202 key events while stopped) the clone holds what the keyboard does: a, released in what was dropped, up; s, pressed in it, down, then up",
        otherwise: "system keyboards: the clone held \(heldBefore) before the overflow (a is 30), \(heldAfter) after it (s is 31 alone), \(clone.keysDown) after s came up")
    check("system keyboards: the play key's release after SYN_DROPPED makes nothing more", [], within: 500)
}
