internal import CEvdev
import Time

#if canImport(Glibc)
import Glibc
#endif

/// Reading a device straight from the kernel, as a taken-over keyboard is read: every keystroke
/// crosses it, and libevdev's queue and state, kept for each event, cost each one its time
/// again. libevdev's state is then left behind, so after a SYN_DROPPED read this way the resync
/// is the caller's, from ``keysDownBits`` and ``switchesOnBits``, never libevdev's.
extension EvdevDevice {
    /// Reads what is pending into `buffer`: how many events came (0: nothing more pending).
    /// Throws when the device is gone or broken.
    func readRaw(into buffer: UnsafeMutableBufferPointer<input_event>) throws(DeviceError) -> Int {
        let size = MemoryLayout<input_event>.stride
        while true {
            let count = Glibc.read(fd, buffer.baseAddress, buffer.count * size)
            if count >= 0 { return count / size }
            switch errno {
            case EINTR: continue
            case EAGAIN: return 0
            default: throw .unusable(path, String(cString: strerror(errno)))
            }
        }
    }

    /// The keys the kernel holds down now (EVIOCGKEY), bit n for code n; nil when it cannot say.
    /// Asking drops the key events still queued for this reader: the answer counts them.
    var keysDownBits: KeyBits? {
        var bytes = [UInt8](repeating: 0, count: Int(KEY_MAX) / 8 + 1)
        guard bytes.withUnsafeMutableBufferPointer({ cevdev_keys_down(fd, $0.baseAddress) }) == 0 else { return nil }
        return KeyBits(kernelBytes: bytes)
    }

    /// The switches the kernel holds on now (EVIOCGSW), bit n for code n; nil when it cannot
    /// say. Asking drops the switch events still queued for this reader.
    var switchesOnBits: UInt32? {
        var bytes = [UInt8](repeating: 0, count: Int(SW_MAX) / 8 + 1)
        guard bytes.withUnsafeMutableBufferPointer({ cevdev_switches_on(fd, $0.baseAddress) }) == 0 else { return nil }
        return bytes.prefix(4).enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << UInt32($1.offset * 8) }
    }

    /// When an event happened, on CLOCK_MONOTONIC (the device's clock is set so when opened).
    static func time(of event: input_event) -> MonotonicInstant {
        MonotonicInstant(microseconds: UInt64(event.time.tv_sec) * 1_000_000 + UInt64(event.time.tv_usec))
    }
}
