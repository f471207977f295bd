import Testing

@testable import Input

@Suite("Taking a device over: what it keeps, what goes on to its clone")
struct PassthroughFilterTests {
    static let volumeUp: UInt16 = 115
    static let capsLock: UInt16 = 58
    static let a = KeyCode.a
    static let leftShift: UInt16 = 42
    static let headphoneInsert: UInt16 = 2  // SW_HEADPHONE_INSERT
    static let scan: UInt16 = 4  // MSC_SCAN

    /// A headset with play/pause, next, volume keys and KEY_MEDIA; a keyboard with letters and
    /// the media keys; BlueZ's AVRCP device.
    static let headsetKeys: Set<UInt16> = [KeyCode.playPause, KeyCode.nextSong, volumeUp, 114, KeyCode.media]
    static let keyboardKeys: Set<UInt16> = Set(1...88).union([KeyCode.playPause, KeyCode.nextSong, KeyCode.pause, KeyCode.media, volumeUp])
    static let avrcpKeys: Set<UInt16> = [KeyCode.playCD, KeyCode.pauseCD, KeyCode.stopCD, KeyCode.nextSong, KeyCode.previousSong,
        KeyCode.fastForward, KeyCode.rewind, volumeUp]

    @Test(
        "which keys a device's take-over consumes, for each class",
        arguments: [
            // (class, keys, the key, consumed)
            (DeviceClass.mediaDevice, headsetKeys, KeyCode.playPause, true),
            (.mediaDevice, headsetKeys, KeyCode.nextSong, true),
            (.mediaDevice, headsetKeys, KeyCode.media, true),  // the headset button
            (.mediaDevice, headsetKeys, volumeUp, false),  // volume stays the desktop's
            (.mediaDevice, headsetKeys, 114, false),  // volume down
            (.mediaDevice, avrcpKeys, KeyCode.playCD, true),
            (.mediaDevice, avrcpKeys, KeyCode.fastForward, true),
            (.mediaDevice, avrcpKeys, KeyCode.rewind, true),
            (.mediaDevice, avrcpKeys, volumeUp, false),
            (.mediaDevice, [KeyCode.pause, KeyCode.playPause], KeyCode.pause, true),  // pause, on a media device
            (.keyboard, keyboardKeys, KeyCode.pause, false),  // Pause/Break, on a keyboard
            (.keyboard, keyboardKeys, KeyCode.playPause, true),
            (.keyboard, keyboardKeys, KeyCode.media, true),
            (.keyboard, keyboardKeys, a, false),
            (.keyboard, keyboardKeys, capsLock, false),
            (.keyboard, keyboardKeys, leftShift, false),
            (.keyboard, keyboardKeys, volumeUp, false),
            (.keyboard, keyboardKeys, KeyCode.fastForward, false),  // a key it does not have
        ] as [(DeviceClass, Set<UInt16>, UInt16, Bool)])
    func consumed(_ classification: DeviceClass, _ keys: Set<UInt16>, _ key: UInt16, _ isConsumed: Bool) {
        let consumed = PassthroughFilter.consumedKeys(classification: classification, keys: keys)
        #expect(consumed.contains(key) == isConsumed)
        var filter = PassthroughFilter(consumedKeys: consumed, cloneRepeats: true)
        let steps = [InputEvent(InputEvent.key, key, 1), .endOfFrame].map { filter.take($0) }
        #expect(steps == (isConsumed ? [.consumed, .write([])] : [.wait, .write([InputEvent(InputEvent.key, key, 1), .endOfFrame])]))
    }

    static func keyboard() -> PassthroughFilter {
        PassthroughFilter(
            consumedKeys: PassthroughFilter.consumedKeys(classification: .keyboard, keys: keyboardKeys),
            cloneRepeats: true)
    }

    static func key(_ code: UInt16, _ value: Int32) -> InputEvent { InputEvent(InputEvent.key, code, value) }
    static func msc(_ value: Int32) -> InputEvent { InputEvent(InputEvent.miscellaneous, scan, value) }

    @Test(
        "frames, as a keyboard sends them: what the clone is written",
        arguments: [
            // A letter with its scan code: the whole frame, in order.
            ([msc(0x70004), key(a, 1), .endOfFrame], [[msc(0x70004), key(a, 1), .endOfFrame]]),
            // A media key with its scan code: nothing at all, not even the scan code.
            ([msc(0xc00cd), key(KeyCode.playPause, 1), .endOfFrame], [[]]),
            // A media key and a letter in one frame: the letter and the scan codes go on.
            ([msc(0xc00cd), key(KeyCode.playPause, 1), msc(0x70004), key(a, 1), .endOfFrame],
             [[msc(0xc00cd), msc(0x70004), key(a, 1), .endOfFrame]]),
            // A letter's autorepeat: the clone repeats it itself, so nothing; its release goes on.
            ([key(a, 1), .endOfFrame, key(a, 2), .endOfFrame, key(a, 0), .endOfFrame],
             [[key(a, 1), .endOfFrame], [], [key(a, 0), .endOfFrame]]),
            // A media key's autorepeat and release: nothing.
            ([key(KeyCode.playPause, 2), .endOfFrame, key(KeyCode.playPause, 0), .endOfFrame], [[], []]),
            // A switch and a repeat rate: on to the clone.
            ([InputEvent(InputEvent.switchState, headphoneInsert, 1), .endOfFrame],
             [[InputEvent(InputEvent.switchState, headphoneInsert, 1), .endOfFrame]]),
            ([InputEvent(0x14, 0, 300), .endOfFrame], [[InputEvent(0x14, 0, 300), .endOfFrame]]),
            // The device's echo of an LED or a sound MediaRemote set on it from the clone: never
            // back to the clone (Caps Lock on then off quickly would go round without end).
            ([InputEvent(InputEvent.led, 1, 1), .endOfFrame, InputEvent(InputEvent.led, 1, 0), .endOfFrame], [[], []]),
            ([InputEvent(InputEvent.sound, 1, 1), InputEvent(InputEvent.key, a, 1), .endOfFrame],
             [[InputEvent(InputEvent.key, a, 1), .endOfFrame]]),
            // A frame of scan codes alone (no key consumed): the device said it, so it goes on.
            ([msc(5), .endOfFrame], [[msc(5), .endOfFrame]]),
            // SYN_DROPPED: the frame it cut is dropped (the caller drops what is pending after
            // it, and the resync brings the clone to the device's state); the next frame goes on.
            ([key(a, 1), InputEvent(InputEvent.synchronization, InputEvent.dropped, 0), key(capsLock, 1), .endOfFrame],
             [[key(capsLock, 1), .endOfFrame]]),
            // An empty frame: nothing.
            ([.endOfFrame], [[]]),
        ] as [([InputEvent], [[InputEvent]])])
    func frames(_ input: [InputEvent], _ written: [[InputEvent]]) {
        var filter = Self.keyboard()
        var frames: [[InputEvent]] = []
        for event in input {
            if case .write(let frame) = filter.take(event) { frames.append(frame) }
        }
        #expect(frames == written)
    }

    @Test("a clone without EV_REP is written the device's own autorepeat")
    func autorepeatWithoutRepeat() {
        var filter = PassthroughFilter(consumedKeys: [KeyCode.playPause], cloneRepeats: false)
        #expect(filter.take(Self.key(Self.volumeUp, 2)) == .wait)
        #expect(filter.take(.endOfFrame) == .write([Self.key(Self.volumeUp, 2), .endOfFrame]))
    }

    @Test(
        "which devices are copies, told from sysfs",
        arguments: [
            // (phys, virtual, name, hardware names, identity)
            ("usb-0000:00:14.0-2/input0", false, "USB Headset", ["USB Headset"], PassthroughIdentity.original),
            ("mediaremote/event5", true, "USB Headset", ["USB Headset"], .mediaRemoteClone),
            ("mediaremote/event7", true, "Earbuds (AVRCP)", [], .mediaRemoteClone),  // its original is virtual too
            ("", true, "USB Headset", ["USB Headset"], .copy(of: "USB Headset")),  // someone's passthrough
            ("00:11:22:33:44:55", true, "Earbuds (AVRCP)", ["USB Headset"], .original),  // BlueZ's device
            ("", true, "keyd virtual keyboard", ["AT Translated Set 2 keyboard"], .original),
            ("", true, "USB Headset (remapped)", ["USB Headset"], .original),  // a remapper's device, renamed
            ("mediaremote/event5", false, "USB Headset", [], .original),  // hardware is never a copy
        ] as [(String, Bool, String, Set<String>, PassthroughIdentity)])
    func identity(_ phys: String, _ isVirtual: Bool, _ name: String, _ hardware: Set<String>, _ expected: PassthroughIdentity) {
        #expect(PassthroughIdentity.decide(phys: phys, isVirtual: isVirtual, name: name, hardwareNames: hardware) == expected)
    }

    @Test("the consumed keys as bits: exactly the codes given, at every word's edge; none past KEY_MAX")
    func keyBits() {
        let codes: Set<UInt16> = [0, 63, 64, KeyCode.playPause, 767]
        var bits = KeyBits(codes.union([768, 4000]))
        #expect((0..<1024).filter { bits.contains(UInt16($0)) }.map(UInt16.init) == codes.sorted())
        #expect(bits.codes == codes.sorted())
        bits.remove(64)
        bits.insert(65)
        #expect(bits.differences(from: KeyBits(codes)) == [64, 65])
    }

    @Test("bits from the kernel's EVIOCGKEY bytes: bit n of byte n / 8 is code n")
    func keyBitsFromTheKernel() {
        var bytes = [UInt8](repeating: 0, count: 96)
        bytes[3] = 0b0100_0000  // 30: KEY_A
        bytes[20] = 0b0001_0000  // 164: KEY_PLAYPAUSE
        bytes[95] = 0b1000_0000  // 767
        #expect(KeyBits(kernelBytes: bytes).codes == [KeyCode.a, KeyCode.playPause, 767])
        #expect(KeyBits(kernelBytes: []).codes == [])
    }

    static let dropped = InputEvent(InputEvent.synchronization, InputEvent.dropped, 0)

    @Test("after SYN_DROPPED, the clone brought to the device's state: a key it holds released, one pressed meanwhile pressed, once")
    func resyncTheClone() {
        var filter = Self.keyboard()
        for event in [Self.key(Self.a, 1), .endOfFrame, Self.key(Self.leftShift, 1), .endOfFrame] { _ = filter.take(event) }
        #expect(filter.take(Self.dropped) == .resync)
        // The device now: a released, shift still down, Caps Lock down.
        let now = KeyBits([Self.leftShift, Self.capsLock])
        let first = filter.resync(keysDown: now, switchesOn: 0, consumedDown: [])
        #expect(first.consumed == [])
        #expect(first.frame == [Self.key(Self.a, 0), Self.key(Self.capsLock, 1), .endOfFrame])
        // Counted as written: the same state again changes nothing.
        #expect(filter.resync(keysDown: now, switchesOn: 0, consumedDown: []).frame == [])
        // The next frame goes on.
        #expect(filter.take(Self.key(Self.capsLock, 0)) == .wait)
        #expect(filter.take(.endOfFrame) == .write([Self.key(Self.capsLock, 0), .endOfFrame]))
    }

    @Test("after SYN_DROPPED, the keys acted on come to the device's state for the caller, never for the clone; so do switches for the clone")
    func resyncTheKeysActedOn() {
        var filter = Self.keyboard()
        #expect(filter.take(Self.dropped) == .resync)
        // The caller holds play down, the device has it up and next down.
        let state = filter.resync(
            keysDown: KeyBits([KeyCode.nextSong]), switchesOn: 1 << UInt32(Self.headphoneInsert), consumedDown: [KeyCode.playPause])
        #expect(state.consumed == [Self.key(KeyCode.nextSong, 1), Self.key(KeyCode.playPause, 0)])
        #expect(state.frame == [InputEvent(InputEvent.switchState, Self.headphoneInsert, 1), .endOfFrame])
        _ = filter.take(.endOfFrame)
        // The switch written since counts: pulled out, then resynced with it out, changes nothing more.
        #expect(filter.take(InputEvent(InputEvent.switchState, Self.headphoneInsert, 0)) == .wait)
        #expect(filter.take(.endOfFrame) == .write([InputEvent(InputEvent.switchState, Self.headphoneInsert, 0), .endOfFrame]))
        #expect(filter.take(Self.dropped) == .resync)
        #expect(filter.resync(keysDown: KeyBits([KeyCode.nextSong]), switchesOn: 0, consumedDown: [KeyCode.nextSong]) == ([], []))
    }

    @Test("a clone made with headphones in: pulled out in what the kernel dropped, the resync writes the clone the switch off")
    func resyncAJackMadeIn() {
        var filter = Self.keyboard()
        let headphonesIn: UInt32 = 1 << UInt32(Self.headphoneInsert)
        filter.cloneMade(switchesOn: headphonesIn)
        #expect(filter.take(Self.dropped) == .resync)
        #expect(filter.resync(keysDown: KeyBits(), switchesOn: 0, consumedDown: []).frame
            == [InputEvent(InputEvent.switchState, Self.headphoneInsert, 0), .endOfFrame])
        var unchanged = Self.keyboard()
        unchanged.cloneMade(switchesOn: headphonesIn)
        _ = unchanged.take(Self.dropped)
        #expect(unchanged.resync(keysDown: KeyBits(), switchesOn: headphonesIn, consumedDown: []).frame == [])
    }

    @Test("frame after frame, each written whole and alone: the frame written is emptied by the next event, not carried into it")
    func framesInARow() {
        var filter = PassthroughFilter(consumedKeys: [KeyCode.playPause], cloneRepeats: true)
        for code: UInt16 in [30, 48, 46] {
            #expect(filter.take(InputEvent(InputEvent.key, code, 1)) == .wait)
            #expect(filter.take(.endOfFrame) == .write([InputEvent(InputEvent.key, code, 1), .endOfFrame]))
        }
        #expect(filter.take(InputEvent(InputEvent.key, KeyCode.playPause, 1)) == .consumed)
        #expect(filter.take(.endOfFrame) == .write([]))
        #expect(filter.take(InputEvent(InputEvent.key, 30, 0)) == .wait)
        #expect(filter.take(.endOfFrame) == .write([InputEvent(InputEvent.key, 30, 0), .endOfFrame]))
    }
}
