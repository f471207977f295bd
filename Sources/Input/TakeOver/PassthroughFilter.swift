/// One evdev event as the kernel reports it (`struct input_event` without its time): what a
/// taken-over device's clone is written. Codes are linux/input-event-codes.h's.
public struct InputEvent: Equatable, Sendable, CustomStringConvertible {
    public let type: UInt16
    public let code: UInt16
    public let value: Int32

    public init(_ type: UInt16, _ code: UInt16, _ value: Int32) {
        (self.type, self.code, self.value) = (type, code, value)
    }

    public static let synchronization: UInt16 = 0x00  // EV_SYN
    public static let key: UInt16 = 0x01  // EV_KEY
    public static let miscellaneous: UInt16 = 0x04  // EV_MSC
    public static let switchState: UInt16 = 0x05  // EV_SW
    public static let led: UInt16 = 0x11  // EV_LED
    public static let sound: UInt16 = 0x12  // EV_SND
    public static let report: UInt16 = 0  // SYN_REPORT
    public static let dropped: UInt16 = 3  // SYN_DROPPED

    /// The end of a frame: SYN_REPORT.
    public static let endOfFrame = InputEvent(synchronization, report, 0)

    public var description: String { "(\(type), \(code), \(value))" }
}

/// What a taken-over device's events become: a pure state machine, fed each event read from the
/// grabbed device. The keys MediaRemote acts on are consumed (the caller turns them into
/// events); everything else — volume and mute keys, every other key of a keyboard, switches,
/// EV_MSC, EV_REP, axes — goes on to the device's clone a frame at a time, in its order, with
/// the frame's SYN_REPORT.
///
/// A frame emptied of its keys is not written at all, its EV_MSC (the scan code of the key
/// consumed) included, so the desktop never sees a trace of a media key. EV_LED and EV_SND
/// from the device are not written: they only echo what the desktop set on the clone. A
/// non-media key's
/// autorepeat (value 2) is not written when the clone repeats by itself: the kernel repeats
/// a key held on a device with EV_REP, the clone as it did the original, and writing both
/// would repeat twice. SYN_DROPPED is not written either: the frame it cut is dropped, the
/// caller drops every event pending after it (as libevdev does), and ``resync(keysDown:
/// switchesOn:consumedDown:)`` brings the clone to the device's true state. Past the frame, only
/// what the clone holds is kept: the keys down and the switches on as it was made and written.
public struct PassthroughFilter: Sendable {
    /// What one event read from the grabbed device comes to.
    public enum Step: Equatable, Sendable {
        /// A key MediaRemote acts on: for the key translator or the headset, never the clone.
        case consumed
        /// Nothing to write yet: kept in the frame until its SYN_REPORT, or dropped (an
        /// autorepeat the clone makes itself, SYN_DROPPED).
        case wait
        /// The frame is complete: write these to the clone (ending with SYN_REPORT), or
        /// nothing when the frame had nothing left to say.
        case write([InputEvent])
        /// SYN_DROPPED: the kernel dropped what the device said while it was not read. The
        /// caller drops every event pending (those read after it included: the kernel's state
        /// counts them), then asks the kernel for the device's state, for ``resync(keysDown:
        /// switchesOn:consumedDown:)``.
        case resync
    }

    public let consumedKeys: Set<UInt16>
    /// Whether the clone has EV_REP, so the kernel repeats its held keys itself.
    public let cloneRepeats: Bool
    /// `consumedKeys` as bits, one per key code: every keystroke of a taken-over keyboard is
    /// looked up, and a bit costs a shift where a set's lookup hashes.
    private let consumedBits: KeyBits
    /// The frame so far; after a write, the frame written until the next event empties it
    /// (then nobody else holds it, so it keeps its storage: no allocation a keystroke).
    private var frame: [InputEvent] = []
    private var consumedInFrame = false
    private var frameWritten = false
    /// What the clone holds, as it was written: what a resync compares the device's state with.
    private var cloneKeys = KeyBits()
    private var cloneSwitches: UInt32 = 0

    public init(consumedKeys: Set<UInt16>, cloneRepeats: Bool) {
        self.consumedKeys = consumedKeys
        self.cloneRepeats = cloneRepeats
        consumedBits = KeyBits(consumedKeys)
    }

    public mutating func take(_ event: InputEvent) -> Step {
        if frameWritten {
            frame.removeAll(keepingCapacity: true)
            consumedInFrame = false
            frameWritten = false
        }
        switch (event.type, event.code) {
        case (InputEvent.key, _) where consumedBits.contains(event.code):
            consumedInFrame = true
            return .consumed
        case (InputEvent.key, _) where event.value == 2 && cloneRepeats:
            return .wait
        case (InputEvent.synchronization, InputEvent.dropped):
            // What the frame said so far is in the state the resync compares with the clone's.
            frame.removeAll(keepingCapacity: true)
            consumedInFrame = false
            return .resync
        case (InputEvent.led, _), (InputEvent.sound, _):
            // LEDs and sounds go from the desktop to the device (UInputClone), never back: the
            // device echoes what MediaRemote writes it, and passing that echo to the clone would
            // send it round again.
            return .wait
        case (InputEvent.synchronization, InputEvent.report):
            frameWritten = true
            let onlyScanCodes = frame.allSatisfy { $0.type == InputEvent.miscellaneous }
            if frame.isEmpty || (consumedInFrame && onlyScanCodes) { return .write([]) }
            frame.append(event)
            noteWritten(frame)
            return .write(frame)
        default:
            frame.append(event)
            return .wait
        }
    }

    /// The clone was made holding these switches on (the device's, as the take-over found
    /// them), by code.
    mutating func cloneMade(switchesOn: UInt32) {
        cloneSwitches = switchesOn
    }

    /// After ``Step/resync``, with the device's state as the kernel reports it now (its keys down,
    /// its switches on as bits by code) and the keys MediaRemote acts on that the caller holds
    /// down: the key events that bring those keys to the device's state, for the caller, and a
    /// frame that brings the clone to it (empty when the clone holds what the device does).
    mutating func resync(keysDown: KeyBits, switchesOn: UInt32, consumedDown: Set<UInt16>) -> (consumed: [InputEvent], frame: [InputEvent]) {
        let consumed = consumedKeys.sorted().filter { keysDown.contains($0) != consumedDown.contains($0) }.map {
            InputEvent(InputEvent.key, $0, keysDown.contains($0) ? 1 : 0)
        }
        var frame = keysDown.differences(from: cloneKeys).filter { !consumedBits.contains($0) }.map {
            InputEvent(InputEvent.key, $0, keysDown.contains($0) ? 1 : 0)
        }
        for code in UInt16(0)..<32 where (switchesOn ^ cloneSwitches) & (1 << UInt32(code)) != 0 {
            frame.append(InputEvent(InputEvent.switchState, code, switchesOn & (1 << UInt32(code)) != 0 ? 1 : 0))
        }
        guard !frame.isEmpty else { return (consumed, []) }
        frame.append(.endOfFrame)
        noteWritten(frame)
        return (consumed, frame)
    }

    /// What the clone holds after `written`: its keys' presses and releases, its switches.
    private mutating func noteWritten(_ written: [InputEvent]) {
        for event in written {
            switch (event.type, event.value) {
            case (InputEvent.key, 1): cloneKeys.insert(event.code)
            case (InputEvent.key, 0): cloneKeys.remove(event.code)
            case (InputEvent.switchState, let value) where event.code < 32:
                let bit: UInt32 = 1 << UInt32(event.code)
                cloneSwitches = value != 0 ? cloneSwitches | bit : cloneSwitches & ~bit
            default: break
            }
        }
    }
}

extension PassthroughFilter {
    /// The keys a device's take-over consumes: those that have an action on it (KEY_PAUSE only on
    /// a dedicated media device: on a keyboard it is Pause/Break, and passes through) and its
    /// headset button, when it has one.
    public static func consumedKeys(classification: DeviceClass, keys: Set<UInt16>) -> Set<UInt16> {
        let isMediaDevice = classification == .mediaDevice
        let media = MediaKeyMap.mediaKeys.filter { MediaKeyMap.action(for: $0, onMediaDevice: isMediaDevice) != nil }
        return Set(media + [KeyCode.media]).intersection(keys)
    }
}
