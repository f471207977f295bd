import Loop
import Time

extension MediaDevices {
    /// A device open: what reading it needs (how it is read is the table's word).
    final class OpenDevice {
        let device: EvdevDevice
        let path: String
        let name: String
        var source: FileDescriptorSource?
        var keys: DeviceKeys
        /// The keys MediaRemote acts on that are down now: released when the device closes, so
        /// that nobody told of a press waits for its release for good.
        var held: Set<UInt16> = []
        /// The keys MediaRemote acts on: the only ones read from a device read shared, and the
        /// ones a take-over keeps from its clone.
        let wanted: Set<UInt16>
        /// While taken over: the clone, what goes to it, and when the grab began (what the
        /// device said before it, the desktop has read already).
        var clone: UInputClone?
        var filter: PassthroughFilter
        var takenOverSince = MonotonicInstant(microseconds: 0)
        /// Whether it has a headphone jack's switch (SW_HEADPHONE_INSERT), and the kernel's sound
        /// card the jack belongs to (from sysfs, once it is read), if it says.
        let hasHeadphoneSwitch: Bool
        var soundCard: Int?

        init(device: EvdevDevice, capabilities: DeviceCapabilities, headsetTiming: HeadsetRecognizer.Timing) {
            let classification = capabilities.classification
            self.device = device
            path = device.path
            name = capabilities.name
            keys = DeviceKeys(
                isMediaDevice: classification == .mediaDevice, hasHeadsetButton: capabilities.keys.contains(KeyCode.media),
                headsetTiming: headsetTiming)
            wanted = PassthroughFilter.consumedKeys(classification: classification, keys: capabilities.keys)
            filter = PassthroughFilter(consumedKeys: wanted, cloneRepeats: device.repeatsKeys)
            hasHeadphoneSwitch = capabilities.switches.contains(DeviceCapabilities.headphoneSwitch)
        }

        /// A key MediaRemote acts on, as it went; nil for an autorepeat, which says nothing new,
        /// and for a release of a key not seen pressed (held before the device was read).
        func mediaKey(_ code: UInt16, _ value: KeyValue, at time: MonotonicInstant) -> MediaKey? {
            switch value {
            case .pressed: held.insert(code)
            case .released: guard held.remove(code) != nil else { return nil }
            case .autorepeat: return nil
            }
            return MediaKey(device: path, name: name, code: code, pressed: value == .pressed, time: time)
        }

        /// The keys still down, released at `time`: the device is closing.
        func releaseHeld(at time: MonotonicInstant) -> [MediaKey] {
            defer { held = [] }
            return held.sorted().map { MediaKey(device: path, name: name, code: $0, pressed: false, time: time) }
        }
    }
}
