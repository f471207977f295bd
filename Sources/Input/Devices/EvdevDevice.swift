internal import CEvdev
import Time

#if canImport(Glibc)
import Glibc
#endif

/// Why a device could not be opened or read.
public enum DeviceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No permission: the fix is the udev rule or the input group.
    case permissionDenied(String)
    /// It is not an evdev device, or it went away.
    case unusable(String, String)
    /// No clone can be made for a take-over (/dev/uinput cannot be written): why, in words.
    case noUInput(String)

    public var description: String {
        switch self {
        case .permissionDenied(let path): "no permission to read \(path)"
        case .unusable(let path, let reason): "cannot use \(path): \(reason)"
        case .noUInput(let reason): reason
        }
    }
}

/// One key event, as the readers need it: code, value and when, on CLOCK_MONOTONIC.
/// Only key events are passed on, and only codes the caller asked for.
public struct KeyEvent: Equatable, Sendable {
    public let code: UInt16
    public let value: KeyValue
    public let timestamp: MonotonicInstant
}

/// An evdev device opened through libevdev, non-blocking, its timestamps on CLOCK_MONOTONIC.
/// Opened for writing too where that is allowed, so a clone's LEDs can be set on it.
final class EvdevDevice {
    let path: String
    let fd: Int32
    let device: OpaquePointer

    init(path: String) throws(DeviceError) {
        self.path = path
        var opened = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        if opened < 0, errno == EACCES || errno == EPERM { opened = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        fd = opened
        guard fd >= 0 else {
            let code = errno
            if code == EACCES || code == EPERM { throw .permissionDenied(path) }
            throw .unusable(path, String(cString: strerror(code)))
        }
        var made: OpaquePointer?
        let result = libevdev_new_from_fd(fd, &made)
        guard result == 0, let made else {
            close(fd)
            throw .unusable(path, "not an input device (\(String(cString: strerror(-result))))")
        }
        device = made
        // Event times on the same clock as every other timestamp of MediaRemote.
        _ = libevdev_set_clock_id(device, CLOCK_MONOTONIC)
    }

    deinit {
        libevdev_grab(device, LIBEVDEV_UNGRAB)
        libevdev_free(device)
        close(fd)
    }

    var name: String { libevdev_get_name(device).map { String(cString: $0) } ?? "" }

    /// Its physical path, as the kernel reports it ("" when it has none).
    var phys: String { libevdev_get_phys(device).map { String(cString: $0) } ?? "" }

    var capabilities: DeviceCapabilities {
        var keys = Set<UInt16>()
        for code in 0..<UInt32(KEY_MAX) where libevdev_has_event_code(device, UInt32(EV_KEY), code) != 0 {
            keys.insert(UInt16(code))
        }
        let axes = [ABS_X, ABS_Y, ABS_Z].allSatisfy { libevdev_has_event_code(device, UInt32(EV_ABS), UInt32($0)) != 0 }
        var switches = Set<UInt16>()
        for code in 0...UInt32(SW_MAX) where libevdev_has_event_code(device, UInt32(EV_SW), code) != 0 { switches.insert(UInt16(code)) }
        return DeviceCapabilities(
            name: name, keys: keys, hasAccelerometerProperty: libevdev_has_property(device, UInt32(INPUT_PROP_ACCELEROMETER)) != 0,
            hasXYZAxes: axes, switches: switches)
    }

    /// Takes the device for this process alone (EVIOCGRAB): 0, or the errno (EBUSY: another
    /// program has it).
    func grab() -> Int32 {
        -libevdev_grab(device, LIBEVDEV_GRAB)
    }

    /// Gives the device back to everyone.
    func ungrab() {
        libevdev_grab(device, LIBEVDEV_UNGRAB)
    }

    /// The keys the kernel holds down now (EVIOCGKEY); none when the device cannot say.
    var keysDown: [UInt16] { keysDownBits?.codes ?? [] }

    /// Whether a key of the device is down now, by the kernel's state (false when it cannot say).
    var anyKeyDown: Bool { !keysDown.isEmpty }

    /// Releases every key the kernel holds down, by writing their releases to the device (as a
    /// driver would report them): every reader sees them come up. Nothing when the device was
    /// opened read-only.
    func releaseHeldKeys() {
        var frame: [input_event] = []
        for code in keysDown {
            var release = input_event()
            (release.type, release.code, release.value) = (UInt16(EV_KEY), code, 0)
            frame.append(release)
        }
        guard !frame.isEmpty else { return }
        var report = input_event()
        (report.type, report.code) = (UInt16(EV_SYN), UInt16(SYN_REPORT))
        frame.append(report)
        _ = frame.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    }

    /// Whether the kernel repeats its held keys (EV_REP).
    var repeatsKeys: Bool { libevdev_has_event_type(device, UInt32(EV_REP)) != 0 }

    /// Reads what is pending and passes on the key events whose code is in `wanted`, and, with
    /// `headphonesOut`, each time a headphone jack's switch opens; nothing else is kept. After
    /// SYN_DROPPED, libevdev's resync reports the keys' and the switch's true state. Throws when
    /// the device is gone or broken.
    func read(wanted: Set<UInt16>, _ handler: (KeyEvent) -> Void, headphonesOut: ((MonotonicInstant) -> Void)? = nil) throws(DeviceError) {
        try readEvents { type, code, value, time in
            if let headphonesOut, Self.isHeadphonesOut(type, code, value) { return headphonesOut(time) }
            guard type == UInt16(EV_KEY), wanted.contains(code), let value = KeyValue(rawValue: value) else { return }
            handler(KeyEvent(code: code, value: value, timestamp: time))
        }
    }

    /// Whether an event is a headphone jack's switch opening (headphones pulled out).
    static func isHeadphonesOut(_ type: UInt16, _ code: UInt16, _ value: Int32) -> Bool {
        type == UInt16(EV_SW) && code == DeviceCapabilities.headphoneSwitch && value == 0
    }

    /// Reads every pending event, resyncing after SYN_DROPPED: (type, code, value, when on
    /// CLOCK_MONOTONIC). Throws when the device is gone or broken.
    func readEvents(_ handler: (UInt16, UInt16, Int32, MonotonicInstant) -> Void) throws(DeviceError) {
        var event = input_event()
        var flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
        while true {
            let status = libevdev_next_event(device, flags, &event)
            if status == -EAGAIN {
                // Done with a resync: back to normal reading; otherwise nothing more pending.
                if flags == LIBEVDEV_READ_FLAG_SYNC.rawValue {
                    flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
                    continue
                }
                return
            }
            guard status >= 0 else { throw .unusable(path, String(cString: strerror(-status))) }
            if status == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) { flags = LIBEVDEV_READ_FLAG_SYNC.rawValue }
            handler(event.type, event.code, event.value, Self.time(of: event))
        }
    }
}
