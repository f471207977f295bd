internal import CEvdev

#if canImport(Glibc)
import Glibc
#endif

/// An input device's node read raw, as a desktop's libinput reads a clone: for checking what a
/// taken-over device passes on, and for timing it.
final class EvdevReader {
    let fd: Int32

    init(_ path: String, writable: Bool = false) throws {
        fd = open(path, (writable ? O_RDWR : O_RDONLY) | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw GuestFailure("cannot open \(path): \(String(cString: strerror(errno)))") }
    }

    deinit { close(fd) }

    /// Writes events (type, code, value) to the device, as a desktop sets its LEDs.
    func write(_ events: [(UInt16, UInt16, Int32)]) {
        for (type, code, value) in events {
            var event = input_event()
            (event.type, event.code, event.value) = (type, code, value)
            _ = Glibc.write(fd, &event, MemoryLayout<input_event>.size)
        }
    }

    /// The keys the device holds down now, as the kernel keeps them (EVIOCGKEY), in code order.
    var keysDown: [UInt16] {
        var bits = [UInt8](repeating: 0, count: Int(KEY_MAX) / 8 + 1)
        guard bits.withUnsafeMutableBufferPointer({ cevdev_keys_down(fd, $0.baseAddress) }) == 0 else { return [] }
        return (0..<bits.count * 8).filter { bits[$0 / 8] & UInt8(1 << ($0 % 8)) != 0 }.map(UInt16.init)
    }

    /// The key events (code, value) that arrive within `milliseconds`, until `enough` says so.
    func keys(within milliseconds: Int32, until enough: ([(UInt16, Int32)]) -> Bool = { _ in false }) -> [(UInt16, Int32)] {
        var keys: [(UInt16, Int32)] = []
        let deadline = MonotonicMilliseconds.now + Int64(milliseconds)
        while !enough(keys) {
            let left = deadline - MonotonicMilliseconds.now
            guard left > 0 else { break }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left)) > 0 else { continue }
            var event = input_event()
            while read(fd, &event, MemoryLayout<input_event>.size) == MemoryLayout<input_event>.size {
                if event.type == UInt16(EV_KEY) { keys.append((event.code, event.value)) }
            }
        }
        return keys
    }
}

enum MonotonicMilliseconds {
    static var now: Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
