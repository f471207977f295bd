import Loop
import Time

extension MediaDevices {
    /// A device read: open, and how it is read.
    final class OpenDevice {
        let device: EvdevDevice
        let path: String
        let name: String
        let classification: DeviceClass
        /// Read shared until the take-over, tried as soon as it is opened, says otherwise.
        var reading = Reading.shared(because: "not taken over yet", withoutUInput: false)
        var source: FileDescriptorSource?
        var translator: KeyTranslator
        var headset: HeadsetRecognizer?
        /// The keys MediaRemote acts on: the only ones read from a device read shared, and the
        /// ones a take-over keeps from its clone.
        let wanted: Set<UInt16>
        /// While taken over: the clone, what goes to it, and when the grab began (what the
        /// device said before it, the desktop has read already).
        var clone: UInputClone?
        var filter: PassthroughFilter
        var takenOverSince = MonotonicInstant(microseconds: 0)
        /// Whether it has a headphone jack's switch (SW_HEADPHONE_INSERT), and the kernel's sound
        /// card the jack belongs to (from sysfs), if it says.
        var hasHeadphoneSwitch = false
        var soundCard: Int?

        init(
            device: EvdevDevice, name: String, classification: DeviceClass, translator: KeyTranslator, headset: HeadsetRecognizer?,
            wanted: Set<UInt16>
        ) {
            self.device = device
            path = device.path
            self.name = name
            self.classification = classification
            self.translator = translator
            self.headset = headset
            self.wanted = wanted
            filter = PassthroughFilter(consumedKeys: wanted, cloneRepeats: device.repeatsKeys)
        }

        var info: DeviceInfo { DeviceInfo(path: path, name: name, classification: classification, state: .read(reading)) }
    }
}
