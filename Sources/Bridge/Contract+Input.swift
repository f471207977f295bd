import Input
import MediaRemoteAPI

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
