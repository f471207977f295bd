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
        /// The keys MediaRemote acts on that are down now, released when the device closes.
        var held = HeldKeys()
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

        /// A key MediaRemote acts on, as it went; nil when it says nothing new (``HeldKeys``).
        func mediaKey(_ code: UInt16, _ value: KeyValue, at time: MonotonicInstant) -> MediaKey? {
            guard held.take(code, value) else { return nil }
            return MediaKey(device: path, name: name, code: code, pressed: value == .pressed, time: time)
        }

        /// The keys still down, released at `time`: the device is closing.
        func releaseHeld(at time: MonotonicInstant) -> [MediaKey] {
            held.releaseAll().map { MediaKey(device: path, name: name, code: $0, pressed: false, time: time) }
        }
    }
}
