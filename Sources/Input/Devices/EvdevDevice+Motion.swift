internal import CEvdev
internal import CSystem
import Motion
import Time

#if canImport(Glibc)
import Glibc
#endif

/// Reading an evdev accelerometer: ABS_X/Y/Z frames closed by SYN_REPORT, in g.
extension EvdevDevice {
    /// g per unit of each axis: the axis resolution is in units per g (the kernel's rule for
    /// INPUT_PROP_ACCELEROMETER devices); drivers that give none (lis3lv02d) report milli-g.
    var gPerUnit: [Double] {
        [ABS_X, ABS_Y, ABS_Z].map { axis in
            let resolution = libevdev_get_abs_resolution(device, UInt32(axis))
            return resolution > 0 ? 1 / Double(resolution) : 0.001
        }
    }

    /// The device number, to find its udev properties.
    var deviceNumber: (major: UInt32, minor: UInt32)? {
        var status = stat()
        guard fstat(fd, &status) == 0 else { return nil }
        return (csystem_device_major(status.st_rdev), csystem_device_minor(status.st_rdev))
    }

    /// The axes' current values, before any event is read.
    var currentAxes: [Int32] { [ABS_X, ABS_Y, ABS_Z].map { libevdev_get_event_value(device, UInt32(EV_ABS), UInt32($0)) } }
}

/// Turns an accelerometer's evdev events into samples: axis values are kept across frames
/// (evdev sends only what changed), each SYN_REPORT makes one sample. Its time is the
/// device's own `MSC_TIMESTAMP` (µs, wrapping at 32 bits) where it sends one, placed on the
/// monotonic clock by the first frame's event time; else the event time.
struct AccelerometerFrames {
    var axes: [Int32]
    let gPerUnit: [Double]
    private var deviceTime: UInt32?
    private var lastDeviceTime: UInt32?
    /// Where the device's clock starts on the monotonic clock (before its start, possibly),
    /// from the first frame that had both times.
    private var deviceClockStart: Duration?
    private var wraps: UInt64 = 0

    init(axes: [Int32], gPerUnit: [Double]) {
        self.axes = axes
        self.gPerUnit = gPerUnit
    }

    /// One event (type, code, value, its time); a finished frame's sample, if any.
    mutating func add(type: UInt16, code: UInt16, value: Int32, time: MonotonicInstant) -> MotionSample? {
        switch Int32(type) {
        case EV_ABS:
            if let index = [ABS_X, ABS_Y, ABS_Z].firstIndex(of: Int32(code)) { axes[index] = value }
        case EV_MSC where Int32(code) == MSC_TIMESTAMP:
            deviceTime = UInt32(bitPattern: value)
        case EV_SYN where Int32(code) == SYN_REPORT:
            defer { deviceTime = nil }
            return MotionSample(
                time: sampleTime(eventTime: time), x: Double(axes[0]) * gPerUnit[0], y: Double(axes[1]) * gPerUnit[1],
                z: Double(axes[2]) * gPerUnit[2])
        default:
            break
        }
        return nil
    }

    private mutating func sampleTime(eventTime: MonotonicInstant) -> MonotonicInstant {
        guard let device = deviceTime else { return eventTime }
        if let last = lastDeviceTime, device < last { wraps += 1 << 32 }
        lastDeviceTime = device
        let elapsed = Duration.microseconds(wraps + UInt64(device))
        let start = deviceClockStart ?? (eventTime - MonotonicInstant.zero) - elapsed
        deviceClockStart = start
        // At or after the first frame's event time: the device's clock only goes forward.
        return .zero + (start + elapsed)
    }
}
