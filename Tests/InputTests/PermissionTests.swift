import Loop
import Testing

@testable import Input

/// What a person is told about a device they may not open: the fix that applies to it, and
/// only once it is clear udev is not about to grant it.
@Suite("permission: the fix that applies, told once and only after udev's moment")
@MainActor
struct PermissionTests {
    @Test("the rule's own tests decide whether it grants a device; without udev's record, its class does")
    func ruleGrants() {
        let headset = ["ID_INPUT": "1", "ID_INPUT_KEY": "1"]
        #expect(PermissionAdvice.ruleGrants(name: "USB Headset", classification: .mediaDevice, udev: headset))
        // A wireless receiver's mouse node with consumer keys: the rule skips every mouse.
        let mouse = ["ID_INPUT": "1", "ID_INPUT_KEY": "1", "ID_INPUT_MOUSE": "1"]
        #expect(!PermissionAdvice.ruleGrants(name: "Receiver Mouse", classification: .mediaDevice, udev: mouse))
        #expect(!PermissionAdvice.ruleGrants(name: "AT keyboard", classification: .keyboard, udev: ["ID_INPUT_KEYBOARD": "1", "ID_INPUT_KEY": "1"]))
        #expect(PermissionAdvice.ruleGrants(name: "Sensor", classification: .accelerometer, udev: ["ID_INPUT_ACCELEROMETER": "1"]))
        #expect(PermissionAdvice.ruleGrants(name: "Headphones (AVRCP)", classification: .keyboard, udev: ["ID_INPUT_KEYBOARD": "1"]))
        #expect(PermissionAdvice.ruleGrants(name: "USB Headset", classification: .mediaDevice, udev: [:]))
        #expect(!PermissionAdvice.ruleGrants(name: "AT keyboard", classification: .keyboard, udev: [:]))
        // A headphone jack's switch, by the names the rule matches; never a lid.
        let switches = ["ID_INPUT": "1", "ID_INPUT_SWITCH": "1"]
        #expect(PermissionAdvice.ruleGrants(name: "HDA Intel PCH Headphone", classification: .headphoneJack, udev: switches))
        #expect(PermissionAdvice.ruleGrants(name: "bytcr-rt5640 Headset Jack", classification: .headphoneJack, udev: switches))
        #expect(!PermissionAdvice.ruleGrants(name: "Lid Switch", classification: .other, udev: switches))
        #expect(PermissionAdvice.ruleGrants(name: "HDA Intel PCH Headphone", classification: .headphoneJack, udev: [:]))
        #expect(PermissionAdvice.fix(ruleGrants: true).hasPrefix("install udev/70-mediaremote.rules"))
        #expect(PermissionAdvice.fix(ruleGrants: false).hasPrefix("add yourself to the input group"))
    }

    @Test("said after the grace if still unreadable, once; not said for a device udev granted in time")
    func toldOnceAfterTheGrace() throws {
        let loop = try EventLoop()
        var said: [String] = []
        let notices = PermissionNotices(loop: loop) { said.append($0) }
        var unreadable: Set<String> = ["/dev/input/event7", "/dev/input/event8"]

        notices.warnLater("/dev/input/event7", "no permission to read event7") { unreadable.contains("/dev/input/event7") }
        notices.warnLater("/dev/input/event8", "no permission to read event8") { unreadable.contains("/dev/input/event8") }
        // udev's ACL arrives for event8 before the grace ends (an IN_ATTRIB, the device opened).
        unreadable.remove("/dev/input/event8")
        notices.forget("/dev/input/event8")
        #expect(said.isEmpty, "nothing is said at once")
        _ = loop.run(until: { !said.isEmpty }, timeout: PermissionNotices.udevGrace * 3)
        #expect(said == ["no permission to read event7"])

        // udev changes the node again (another IN_ATTRIB): the same is not said twice.
        notices.warnLater("/dev/input/event7", "no permission to read event7") { true }
        _ = loop.run(until: { false }, timeout: PermissionNotices.udevGrace * 2)
        #expect(said == ["no permission to read event7"])

        // Unplugged and plugged in again: said again.
        notices.forget("/dev/input/event7")
        notices.warnLater("/dev/input/event7", "no permission to read event7") { true }
        _ = loop.run(until: { said.count == 2 }, timeout: PermissionNotices.udevGrace * 3)
        #expect(said.count == 2)
    }
}
