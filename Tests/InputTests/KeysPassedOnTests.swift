import Core
import MediaRemoteAPI
import Testing
import Time

@testable import Input

/// What a key acted on becomes beyond the device that reads it: the keys told as they went and
/// released when their device closes (HeldKeys, what mediaremote-inputd sends), the events a
/// device's keys make wherever they are read (DeviceKeys), and what a log says of a device list
/// as it changes (DeviceListLog).
@Suite("Keys passed on: held keys, a device's keys made events, the device list's log")
struct KeysPassedOnTests {
    static let timing = HeadsetRecognizer.Timing(clickGap: .milliseconds(300), holdThreshold: .milliseconds(500))
    static func ms(_ milliseconds: UInt64) -> MonotonicInstant { .zero + .milliseconds(milliseconds) }

    @Test("held keys: a press and its release are told, an autorepeat and a release never pressed are not; closing releases what is down")
    func heldKeys() {
        var held = HeldKeys()
        let told = [
            held.take(KeyCode.playPause, .pressed), held.take(KeyCode.playPause, .autorepeat), held.take(KeyCode.playPause, .released),
            // Held before the device was read: nobody was told of its press.
            held.take(KeyCode.nextSong, .released),
            held.take(KeyCode.fastForward, .pressed), held.take(KeyCode.nextSong, .pressed),
        ]
        #expect(told == [true, false, true, false, true, true])
        let released = held.releaseAll()
        #expect(released == [KeyCode.nextSong, KeyCode.fastForward])
        let again = held.releaseAll()
        #expect(again.isEmpty, "released once")
        let later = held.take(KeyCode.fastForward, .released)
        #expect(!later, "its later release was told already")
    }

    @Test("a device's keys: a seek held, a headset button seen first in a press, what a device removed ends")
    func deviceKeys() {
        var keys = DeviceKeys(isMediaDevice: false, hasHeadsetButton: false, headsetTiming: Self.timing)
        let toggle = keys.key(KeyCode.playPause, .pressed, at: Self.ms(0))
        let pauseKey = keys.key(KeyCode.pause, .pressed, at: Self.ms(10))
        let seek = keys.key(KeyCode.fastForward, .pressed, at: Self.ms(20))
        let removed = keys.deviceRemoved(at: Self.ms(30))
        #expect(toggle.map(\.subtype) == [.remoteControl(.togglePlayPause)])
        #expect(pauseKey.isEmpty, "KEY_PAUSE is a keyboard's Pause/Break")
        #expect(seek.map(\.subtype) == [.remoteControl(.beginSeekingForward)])
        #expect(removed.map(\.subtype) == [.remoteControl(.endSeekingForward)])
        // A keyboard that never said it has KEY_MEDIA: its first press makes it a headset's button.
        #expect(!keys.hasHeadset)
        let down = keys.key(KeyCode.media, .pressed, at: Self.ms(100))
        let up = keys.key(KeyCode.media, .released, at: Self.ms(150))
        #expect(down.isEmpty && up.isEmpty)
        #expect(keys.hasHeadset)
        guard let due = keys.deadline else {
            Issue.record("a click waits for its gap, with a deadline")
            return
        }
        let click = keys.timeout(at: due)
        #expect(click.map(\.subtype) == [.remoteControl(.togglePlayPause)], "one click, once its gap is over")
    }

    @Test("the device list's log: each device once as it appears or changes, each one gone once, none of those not worth a line")
    func deviceListLog() {
        let keyboard = MediaDevices.DeviceInfo(path: "/dev/input/event3", name: "AT Keyboard", classification: .keyboard, state: .notRead(.keyboard))
        let unnamed = MediaDevices.DeviceInfo(path: "/dev/input/event4", name: "", classification: .other, state: .notRead(.noMediaKeys))
        var log = DeviceListLog()
        let named = { (device: MediaDevices.DeviceInfo) in !device.name.isEmpty }
        let first = log.changes([keyboard, unnamed], worthALine: named)
        #expect(first.changed == [keyboard] && first.gone.isEmpty)
        let same = log.changes([keyboard, unnamed], worthALine: named)
        #expect(same.changed.isEmpty && same.gone.isEmpty, "nothing new: nothing said")
        var taken = keyboard
        taken.state = .read(.takenOver(clone: "/dev/input/event9"))
        let change = log.changes([taken], worthALine: named)
        #expect(change.changed == [taken] && change.gone.isEmpty, "the unnamed one was never said, so it does not go either")
        let empty = log.changes([], worthALine: named)
        #expect(empty.changed.isEmpty && empty.gone == [keyboard.path])
        log.forget()
        let again = log.changes([keyboard])
        #expect(again.changed == [keyboard], "forgotten: said again")
    }

    @Test("keyboards only (mediaremote-inputd's choice): a keyboard is read, whatever read_keyboards says; anything else is the session's")
    func keyboardsOnly() {
        let choice = DeviceChoice(readKeyboards: false, keyboardsOnly: true, include: [], exclude: ["*Excluded*"])
        #expect(choice.whyNot("AT Keyboard", .keyboard, keys: laptopKeys) == nil)
        #expect(choice.whyNot("USB Headset", .mediaDevice, keys: [KeyCode.playPause]) == .notAKeyboard)
        #expect(choice.whyNot("Jack", .headphoneJack, keys: []) == .notAKeyboard)
        #expect(choice.whyNot("Excluded Keyboard", .keyboard, keys: laptopKeys) == .excluded)
    }

    @Test("a keyboard with no media key is never read, by either service: taking it over would make every keystroke cross MediaRemote for nothing")
    func keyboardWithoutMediaKeys() {
        let letters = Set(KeyCode.letters)
        for choice in [DeviceChoice(readKeyboards: false, keyboardsOnly: true, include: [], exclude: []),
                       DeviceChoice(readKeyboards: true, include: [], exclude: []),
                       DeviceChoice(readKeyboards: false, include: ["*"], exclude: []),
                       DeviceChoice(readKeyboards: false, include: [], exclude: [])] {
            #expect(choice.whyNot("USB Keyboard", .keyboard, keys: letters) == .noMediaKeys)
        }
        // The same keyboard with a play key is read where keyboards are.
        #expect(DeviceChoice(readKeyboards: true, include: [], exclude: []).whyNot("USB Keyboard", .keyboard, keys: letters.union([KeyCode.playPause])) == nil)
        #expect(DeviceChoice(readKeyboards: false, include: [], exclude: []).whyNot("USB Keyboard", .keyboard, keys: letters.union([KeyCode.playPause])) == .keyboard)
    }

    private var laptopKeys: Set<UInt16> { Set(KeyCode.letters).union([KeyCode.playPause, KeyCode.nextSong]) }
}
