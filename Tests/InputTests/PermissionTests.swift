import Testing
import Time

@testable import Input

/// What a person is told about a device they may not open: the fix that applies to it, and
/// only once it is clear udev is not about to grant it.
@Suite("permission: the fix that applies, told once and only after udev's moment")
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
    func toldOnceAfterTheGrace() {
        var notices = PermissionNotices()
        var now = MonotonicInstant.zero + .seconds(1)
        let grace = PermissionNotices.udevGrace
        var unreadable: Set<String> = ["/dev/input/event7", "/dev/input/event8"]
        func due(after wait: Duration) -> [String] {
            now += wait
            return notices.due(at: now) { unreadable.contains($0) }
        }

        #expect(notices.warnLater("/dev/input/event7", "no permission to read event7", at: now) == nil, "nothing is said at once")
        #expect(notices.warnLater("/dev/input/event8", "no permission to read event8", at: now) == nil)
        #expect(notices.deadline == now + grace)
        // udev's ACL arrives for event8 before the grace ends (an IN_ATTRIB, the device opened).
        unreadable.remove("/dev/input/event8")
        notices.forget("/dev/input/event8")
        #expect(due(after: grace / 2).isEmpty)
        #expect(due(after: grace / 2) == ["no permission to read event7"])
        #expect(notices.deadline == nil)

        // udev changes the node again (another IN_ATTRIB): the same is not said twice.
        unreadable.insert("/dev/input/event7")
        #expect(notices.warnLater("/dev/input/event7", "no permission to read event7", at: now) == nil)
        #expect(due(after: grace * 2).isEmpty)

        // Unplugged and plugged in again: said again.
        notices.forget("/dev/input/event7")
        _ = notices.warnLater("/dev/input/event7", "no permission to read event7", at: now)
        #expect(due(after: grace) == ["no permission to read event7"])

        // No timer to wait with: said at once rather than never.
        notices.forget("/dev/input/event7")
        _ = notices.warnLater("/dev/input/event7", "no permission to read event7", at: now)
        #expect(notices.sayWithoutGrace { unreadable.contains($0) } == ["no permission to read event7"])
        notices.forget("/dev/input/event7")
        #expect(notices.warnLater("/dev/input/event7", "no permission to read event7", at: now) == "no permission to read event7")
    }
}
