import Testing
import Time

@testable import Input

/// The device table's rules as transcripts on a virtual clock: devices come and go, the seat
/// changes hands, /dev/uinput appears, time passes; what the shell is asked to do, in order,
/// and what `mediaremotectl devices` lists after.
@Suite("DeviceTable: which devices are opened, taken over, let go, retried and left alone")
struct DeviceTableTests {
    typealias Node = DeviceTranscript.Node
    static let (e3, e4, e5, e6, e7, e9) = ("/dev/input/event3", "/dev/input/event4", "/dev/input/event5", "/dev/input/event6", "/dev/input/event7", "/dev/input/event9")
    static let readingKeyboards = DeviceChoice(readKeyboards: true, include: [], exclude: [])
    static let headset = Devices.headset
    static let noUInput = DeviceTranscript.noUInput

    static func denied(_ path: String) -> DeviceError { .permissionDenied(path) }
    static func broughtIn(_ path: String) -> [DeviceTable.Action] { Devices.broughtIn(path) }
    static func takenOver(_ path: String, _ node: Node = headset) -> MediaDevices.DeviceInfo { Devices.takenOver(path, node) }
    static func listed(_ path: String, _ node: Node, _ state: MediaDevices.DeviceInfo.State) -> MediaDevices.DeviceInfo {
        Devices.listed(path, node, state)
    }

    @Test("a media device is read, taken over; a mouse is listed and closed; a jack is read shared; our clone is never opened")
    func appearsAndIsRead() {
        let t = DeviceTranscript()
        #expect(t.plug(Self.e5, Self.headset) == Self.broughtIn(Self.e5) + [.devicesChanged])
        #expect(t.plug(Self.e6, Devices.mouse) == [.identify(Self.e6), .open(Self.e6), .close(Self.e6), .devicesChanged])
        #expect(t.plug(Self.e7, Devices.jack) == [.identify(Self.e7), .open(Self.e7), .watch(Self.e7), .devicesChanged])
        // The clone appears in the directory: known by its node, not even looked at in sysfs.
        #expect(t.plug(DeviceTranscript.clone(of: Self.e5), Self.headset) == [])
        #expect(t.devices == [
            Self.takenOver(Self.e5),
            Self.listed(Self.e6, Devices.mouse, .notRead(.noMediaKeys)),
            Self.listed(Self.e7, Devices.jack, .read(.shared(because: "a headphone jack's switch, which nobody else acts on", withoutUInput: false))),
        ])
        #expect(t.table.deadline == nil, "nothing waits: no timer")
    }

    @Test("without /dev/uinput a media device is read shared and a keyboard waits unread; both are taken over once it can be written")
    func awaitsUInput() {
        let t = DeviceTranscript(Self.readingKeyboards)
        t.uinputWritable = false
        #expect(t.plug(Self.e3, Devices.keyboard) == Self.broughtIn(Self.e3) + [.close(Self.e3), .devicesChanged])
        #expect(t.plug(Self.e5, Self.headset) == Self.broughtIn(Self.e5) + [.devicesChanged])
        let waiting = [
            Self.listed(Self.e3, Devices.keyboard, .notRead(.keyboardNotTakenOver(because: Self.noUInput))),
            Self.listed(Self.e5, Self.headset, .read(.shared(because: Self.noUInput, withoutUInput: true))),
        ]
        #expect(t.devices == waiting)

        // /dev/uinput changes, still not writable: tried, and as before.
        #expect(t.run(.uinputChanged) == [.takeOver(Self.e5)] + Self.broughtIn(Self.e3) + [.close(Self.e3), .devicesChanged])
        #expect(t.devices == waiting)

        t.uinputWritable = true
        #expect(t.run(.uinputChanged) == [.takeOver(Self.e5)] + Self.broughtIn(Self.e3) + [.devicesChanged])
        #expect(t.devices == [Self.takenOver(Self.e3, Devices.keyboard), Self.takenOver(Self.e5)])
    }

    @Test("a copy of a device read is left alone; when another program turns out to hold the original, the copy is read")
    func copyLeftAlone() {
        let t = DeviceTranscript()
        t.uinputWritable = false
        _ = t.plug(Self.e5, Self.headset)
        var copy = Self.headset
        copy.identity = .copy(of: "USB Headset")
        #expect(t.plug(Self.e9, copy) == [.identify(Self.e9), .devicesChanged])
        #expect(t.devices.last == MediaDevices.DeviceInfo(path: Self.e9, name: "USB Headset", classification: .other, state: .notRead(.copy(of: "USB Headset"))))

        // The program that made the copy grabbed the original meanwhile.
        (t.uinputWritable, t.grabsHeld) = (true, [Self.e5])
        #expect(t.run(.uinputChanged) == [.takeOver(Self.e5), .close(Self.e5)] + Self.broughtIn(Self.e9) + [.devicesChanged])
        #expect(t.devices == [Self.listed(Self.e5, Self.headset, .notRead(.grabbedByAnotherProgram)), Self.takenOver(Self.e9, copy)])
    }

    @Test("the seat goes: let go; it comes back with the grab still held: tried each second, then given up as another program's")
    func seatLostAndGrabRetried() {
        let t = DeviceTranscript()
        #expect(t.run(.seat(active: true)).isEmpty)
        _ = t.plug(Self.e5, Self.headset)
        #expect(t.run(.seat(active: false)) == [.close(Self.e5), .devicesChanged])
        let away = [Self.listed(Self.e5, Self.headset, .notRead(.anotherSession))]
        #expect(t.devices == away)
        // udev gives the node to the other session: no warning, it went with the seat.
        #expect(t.permission(Self.e5, Self.denied(Self.e5)) == [.identify(Self.e5), .open(Self.e5)])
        #expect(t.run(.seat(active: true)) == [.identify(Self.e5), .open(Self.e5)])
        #expect(t.devices == away)
        #expect(t.table.deadline == nil)

        // The node comes back, but the other session's MediaRemote has not let go yet.
        t.grabsHeld = [Self.e5]
        let triedAgain = Self.broughtIn(Self.e5) + [.close(Self.e5), .devicesChanged]
        #expect(t.permission(Self.e5, nil) == triedAgain)
        #expect(t.devices == [Self.listed(Self.e5, Self.headset, .notRead(.grabStillHeld))])
        #expect(t.table.deadline == t.now + .seconds(1))
        #expect(t.wait(.milliseconds(999)).isEmpty)
        #expect(t.wait(.milliseconds(1)) == triedAgain)
        for _ in 2...4 { #expect(t.wait(.seconds(1)) == triedAgain) }
        #expect(t.devices == [Self.listed(Self.e5, Self.headset, .notRead(.grabStillHeld))])
        // The fifth try finds it held still: another program's.
        #expect(t.wait(.seconds(1)) == triedAgain)
        #expect(t.devices == [Self.listed(Self.e5, Self.headset, .notRead(.grabbedByAnotherProgram))])
        #expect(t.table.deadline == nil)
        #expect(t.wait(.seconds(10)).isEmpty)
    }

    @Test("a grab held a moment after the seat came back is taken on the next try")
    func grabLetGoInTime() {
        let t = DeviceTranscript()
        _ = t.run(.seat(active: true))
        _ = t.plug(Self.e5, Self.headset)
        // The node's word alone (a session switch seen through the ACL).
        #expect(t.permission(Self.e5, Self.denied(Self.e5)) == [.checkReadable(Self.e5), .close(Self.e5), .devicesChanged])
        #expect(t.devices == [Self.listed(Self.e5, Self.headset, .notRead(.anotherSession))])
        t.grabsHeld = [Self.e5]
        _ = t.permission(Self.e5, nil)
        t.grabsHeld = []
        #expect(t.wait(.seconds(1)) == Self.broughtIn(Self.e5) + [.devicesChanged])
        #expect(t.devices == [Self.takenOver(Self.e5)])
        #expect(t.table.deadline == nil)
    }

    @Test("a grab held by another program, on a device that never left for another session, is not retried")
    func grabHeldNotRetried() {
        let t = DeviceTranscript()
        t.grabsHeld = [Self.e5]
        #expect(t.plug(Self.e5, Self.headset) == Self.broughtIn(Self.e5) + [.close(Self.e5), .devicesChanged])
        #expect(t.devices == [Self.listed(Self.e5, Self.headset, .notRead(.grabbedByAnotherProgram))])
        #expect(t.table.deadline == nil)
    }

    @Test("no permission: said after udev's moment with the fix, once; not said for a node udev granted in time")
    func permissionToldLater() {
        let t = DeviceTranscript()
        var node = Self.headset
        node.openError = Self.denied(Self.e5)
        #expect(t.plug(Self.e5, node) == [.identify(Self.e5), .open(Self.e5), .describe(Self.e5, Self.denied(Self.e5)), .devicesChanged])
        let fix = PermissionAdvice.fix(ruleGrants: true)
        #expect(t.devices == [Self.listed(Self.e5, Self.headset, .notRead(.noPermission(Self.denied(Self.e5), fix: fix)))])
        #expect(t.wait(.milliseconds(999)).isEmpty)
        #expect(t.wait(.milliseconds(1)) == [.tell("no permission to read /dev/input/event5 (USB Headset); " + fix)])
        // udev changes the node again, unreadable still: not said twice.
        #expect(t.permission(Self.e5, Self.denied(Self.e5)) == [.identify(Self.e5), .open(Self.e5), .describe(Self.e5, Self.denied(Self.e5))])
        #expect(t.wait(.seconds(2)).isEmpty)

        // Another, granted within the grace: read, and nothing said.
        node.openError = Self.denied(Self.e6)
        _ = t.plug(Self.e6, node)
        #expect(t.permission(Self.e6, nil) == Self.broughtIn(Self.e6) + [.devicesChanged])
        #expect(t.wait(.seconds(2)).isEmpty)
        #expect(t.devices.last == Self.takenOver(Self.e6))
    }

    @Test("a device that stops working mid-read is said, closed (its held keys end) and forgotten; one unplugged is closed")
    func vanishesMidRead() {
        let t = DeviceTranscript()
        _ = t.plug(Self.e5, Self.headset)
        _ = t.plug(Self.e6, Self.headset)
        _ = t.plug(Self.e7, Devices.mouse)
        let gone = DeviceError.unusable(Self.e5, "No such device")
        #expect(t.run(.readFailed(Self.e5, gone)) == [
            .tell("USB Headset (/dev/input/event5) stopped working: cannot use /dev/input/event5: No such device; the other devices go on"),
            .close(Self.e5), .devicesChanged,
        ])
        #expect(t.unplug(Self.e5).isEmpty, "gone already")
        #expect(t.unplug(Self.e6) == [.close(Self.e6), .devicesChanged])
        #expect(t.unplug(Self.e7) == [.devicesChanged], "never open: nothing to close")
        #expect(t.devices.isEmpty)
    }

    @Test("a key held at the take-over: waits for it to come up, or for the longest wait and then releases it")
    func waitsForKeysUp() {
        let t = DeviceTranscript()
        t.keysDown = [Self.e5, Self.e6]
        let start = t.now
        #expect(t.plug(Self.e5, Self.headset) == Self.broughtIn(Self.e5) + [.devicesChanged])
        #expect(t.plug(Self.e6, Self.headset) == Self.broughtIn(Self.e6) + [.devicesChanged])
        #expect(t.devices == [
            Self.listed(Self.e5, Self.headset, .read(.waitingForKeysUp(since: start))),
            Self.listed(Self.e6, Self.headset, .read(.waitingForKeysUp(since: start))),
        ])
        #expect(t.table.deadline == start + DeviceTable.longestWait)

        // e5's key comes up: taken over. e6's stays down.
        t.keysDown = [Self.e6]
        #expect(t.run(.keysUp(Self.e5)) == [.takeOver(Self.e5), .devicesChanged])
        #expect(t.run(.keysUp(Self.e5)).isEmpty, "taken over already")
        #expect(t.wait(.seconds(4)).isEmpty)
        #expect(t.wait(.seconds(1)) == [.takeOverReleasingKeys(Self.e6), .devicesChanged])
        #expect(t.devices == [Self.takenOver(Self.e5), Self.takenOver(Self.e6)])
        #expect(t.table.deadline == nil)
    }

    @Test("the accelerometers are listed for motion, not read; stopping closes every device read")
    func accelerometersAndStop() {
        let t = DeviceTranscript()
        #expect(t.plug(Self.e4, Devices.accelerometer) == [.identify(Self.e4), .open(Self.e4), .close(Self.e4), .devicesChanged])
        _ = t.plug(Self.e5, Self.headset)
        _ = t.plug(Self.e6, Devices.mouse)
        _ = t.plug(Self.e7, Devices.jack)
        #expect(t.table.accelerometers == [Self.e4])
        #expect(t.run(.stopped) == [.close(Self.e5), .close(Self.e7), .devicesChanged])
        #expect(t.devices.isEmpty)
        #expect(t.table.accelerometers.isEmpty)
    }

    @Test("mediaremote-inputd waits for udev to name a keyboard's seat: looked at again each 100 ms, then judged; one never named in 2 s is seat0's")
    func seatNamedLate() {
        let t = DeviceTranscript(DeviceChoice(readKeyboards: false, keyboardsOnly: true, seat: "seat0", include: [], exclude: []))
        var plugged = Devices.keyboard
        plugged.seat = nil
        // Just plugged in: closed, not listed, looked at again in 100 ms.
        #expect(t.plug(Self.e3, plugged) == [.identify(Self.e3), .open(Self.e3), .close(Self.e3)])
        #expect(t.devices.isEmpty)
        #expect(t.table.deadline == t.now + .milliseconds(100))
        // udev has given it to seat1 meanwhile: left to that seat.
        t.nodes[Self.e3]?.seat = "seat1"
        #expect(t.wait(.milliseconds(100)) == [.identify(Self.e3), .open(Self.e3), .close(Self.e3), .devicesChanged])
        #expect(t.devices == [Self.listed(Self.e3, plugged, .notRead(.otherSeat("seat1", read: "seat0")))])
        #expect(t.table.deadline == nil, "nothing waits: no timer")

        // A mouse is not read by the service on any seat: it does not wait.
        var mouse = Devices.mouse
        mouse.seat = nil
        #expect(t.plug(Self.e5, mouse) == [.identify(Self.e5), .open(Self.e5), .close(Self.e5), .devicesChanged])
        #expect(t.table.deadline == nil)

        // Never named: looked at every 100 ms for 2 s, then taken for seat0's and read.
        #expect(t.plug(Self.e4, plugged) == [.identify(Self.e4), .open(Self.e4), .close(Self.e4)])
        for _ in 1..<20 {
            #expect(t.wait(.milliseconds(100)) == [.identify(Self.e4), .open(Self.e4), .close(Self.e4)])
        }
        #expect(t.wait(.milliseconds(100)) == Self.broughtIn(Self.e4) + [.devicesChanged])
        #expect(t.devices.contains(Self.takenOver(Self.e4, plugged)))
        #expect(t.table.deadline == nil)
    }
}
