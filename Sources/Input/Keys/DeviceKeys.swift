import Core
import Time

/// One device's media keys made events: a headset button's gestures (``HeadsetRecognizer``), or
/// a media key's action (``KeyTranslator``). Pure. The session's own devices are read through
/// it, and so are the keyboards mediaremote-inputd reads for the session (its keys come over
/// the system bus as they were pressed), so a key means the same wherever it is read.
public struct DeviceKeys: Sendable {
    private var translator: KeyTranslator
    private var headset: HeadsetRecognizer?
    private let headsetTiming: HeadsetRecognizer.Timing

    /// `hasHeadsetButton`: the device reports KEY_MEDIA, so its gestures are recognised from the
    /// start; a device that did not say so gets a recognizer with its first KEY_MEDIA.
    public init(isMediaDevice: Bool, hasHeadsetButton: Bool, headsetTiming: HeadsetRecognizer.Timing) {
        translator = KeyTranslator(isMediaDevice: isMediaDevice)
        headset = hasHeadsetButton ? HeadsetRecognizer(timing: headsetTiming) : nil
        self.headsetTiming = headsetTiming
    }

    /// The events a key event makes.
    public mutating func key(_ code: UInt16, _ value: KeyValue, at timestamp: MonotonicInstant) -> [Event] {
        guard code == KeyCode.media else { return translator.key(code, value, at: timestamp) }
        if headset == nil { headset = HeadsetRecognizer(timing: headsetTiming) }
        switch value {
        case .pressed: return headset?.press(at: timestamp) ?? []
        case .released: return headset?.release(at: timestamp) ?? []
        case .autorepeat: return []
        }
    }

    /// Whether a headset button's gestures are being recognised (its deadlines need a timer).
    public var hasHeadset: Bool { headset != nil }

    /// When ``timeout(at:)`` is due (a headset gesture ends with nothing more pressed); nil when
    /// nothing waits.
    public var deadline: MonotonicInstant? { headset?.deadline }

    /// The events a gesture makes once its time is up.
    public mutating func timeout(at now: MonotonicInstant) -> [Event] {
        headset?.timeout(at: now) ?? []
    }

    /// The device went away: the seeks and gestures it held end now.
    public mutating func deviceRemoved(at now: MonotonicInstant) -> [Event] {
        translator.deviceRemoved(at: now) + (headset?.deviceRemoved(at: now) ?? [])
    }
}
