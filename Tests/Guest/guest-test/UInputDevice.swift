internal import CEvdev

#if canImport(Glibc)
import Glibc
#endif

/// A virtual input device made through /dev/uinput (libevdev's uinput API), in the guest.
final class UInputDevice {
    let name: String
    private var device: OpaquePointer?
    private var uinput: OpaquePointer?

    /// A device with `keys`; or, with `accelerometer`, X/Y/Z axes (±`range` g in 1 mg steps,
    /// resolution 1000 units per g) and INPUT_PROP_ACCELEROMETER, as a laptop's or a
    /// handheld's sensor.
    init(name: String, keys: [UInt16], leds: [UInt16] = [], switches: [UInt16] = [], accelerometer: Bool = false, range: Int32 = 2) throws {
        self.name = name
        let made = libevdev_new()!
        libevdev_set_name(made, name)
        if !switches.isEmpty {
            libevdev_enable_event_type(made, UInt32(EV_SW))
            for code in switches { libevdev_enable_event_code(made, UInt32(EV_SW), UInt32(code), nil) }
        }
        if !keys.isEmpty {
            libevdev_enable_event_type(made, UInt32(EV_KEY))
            for key in keys { libevdev_enable_event_code(made, UInt32(EV_KEY), UInt32(key), nil) }
        }
        if !leds.isEmpty {
            libevdev_enable_event_type(made, UInt32(EV_LED))
            for led in leds { libevdev_enable_event_code(made, UInt32(EV_LED), UInt32(led), nil) }
        }
        if accelerometer {
            libevdev_enable_event_type(made, UInt32(EV_ABS))
            var axis = input_absinfo(value: 0, minimum: -1000 * range, maximum: 1000 * range, fuzz: 0, flat: 0, resolution: 1000)
            for code in [ABS_X, ABS_Y, ABS_Z] { libevdev_enable_event_code(made, UInt32(EV_ABS), UInt32(code), &axis) }
            libevdev_enable_property(made, UInt32(INPUT_PROP_ACCELEROMETER))
        }
        var created: OpaquePointer?
        let status = libevdev_uinput_create_from_device(made, LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue, &created)
        guard status == 0, let created else {
            libevdev_free(made)
            throw GuestFailure("cannot create \(name) through uinput: error \(-status)")
        }
        device = made
        uinput = created
    }

    deinit { destroy() }

    /// Removes the device, as unplugging it would.
    func destroy() {
        if let uinput { libevdev_uinput_destroy(uinput) }
        if let device { libevdev_free(device) }
        uinput = nil
        device = nil
    }

    /// The device node, e.g. /dev/input/event5.
    var node: String? { uinput.flatMap { libevdev_uinput_get_devnode($0) }.map { String(cString: $0) } }

    /// Writes one accelerometer frame in g (as mg) with its SYN_REPORT.
    func acceleration(x: Double, y: Double, z: Double) {
        guard let uinput else { return }
        for (code, value) in [(ABS_X, x), (ABS_Y, y), (ABS_Z, z)] {
            libevdev_uinput_write_event(uinput, UInt32(EV_ABS), UInt32(code), Int32((value * 1000).rounded()))
        }
        libevdev_uinput_write_event(uinput, UInt32(EV_SYN), UInt32(SYN_REPORT), 0)
    }

    /// The LEDs someone set on the device (value by code), as the kernel hands them to its
    /// maker, within `milliseconds`.
    func leds(within milliseconds: Int32) -> [UInt16: Int32] {
        guard let uinput else { return [:] }
        let fd = libevdev_uinput_get_fd(uinput)
        var leds: [UInt16: Int32] = [:]
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(fd, F_SETFL, flags) }
        guard poll(&poller, 1, milliseconds) > 0 else { return [:] }
        var event = input_event()
        while read(fd, &event, MemoryLayout<input_event>.size) == MemoryLayout<input_event>.size {
            if event.type == UInt16(EV_LED) { leds[event.code] = event.value }
        }
        return leds
    }

    /// Writes a switch event and its SYN_REPORT: value 1 closed (headphones in), 0 open.
    func switchTo(_ code: UInt16, _ value: Int32) {
        guard let uinput else { return }
        libevdev_uinput_write_event(uinput, UInt32(EV_SW), UInt32(code), value)
        libevdev_uinput_write_event(uinput, UInt32(EV_SYN), UInt32(SYN_REPORT), 0)
    }

    /// Writes a key event and its SYN_REPORT: value 1 press, 0 release, 2 autorepeat.
    func key(_ code: UInt16, _ value: Int32) {
        guard let uinput else { return }
        libevdev_uinput_write_event(uinput, UInt32(EV_KEY), UInt32(code), value)
        libevdev_uinput_write_event(uinput, UInt32(EV_SYN), UInt32(SYN_REPORT), 0)
    }
}

struct GuestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
