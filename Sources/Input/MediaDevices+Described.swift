import MediaRemoteAPI

extension MediaDevices.DeviceInfo {
    /// The device in the contract's words, as `DescribeDevices` and mediaremote-inputd's
    /// `KeyboardsChanged` carry it.
    public var described: DescribeDevicesReply.Device {
        DescribeDevicesReply.Device(
            path: path, name: name, classification: classification.rawValue, notReadBecause: isRead ? nil : reason,
            reading: reading.map(DescribeDevicesReply.Device.Reading.init))
    }
}

extension DescribeDevicesReply.Device.Reading {
    /// How the input side reads a device, in the contract's words.
    init(_ reading: MediaDevices.Reading) {
        switch reading {
        case .takenOver(let clone): self = .takenOver(clone: clone)
        case .shared(let because, _): self = .shared(because: because)
        case .waitingForKeysUp: self = .waitingForKeysUp
        }
    }
}
