internal import CEvdev
import Loop

#if canImport(Glibc)
import Glibc
#endif

/// A taken-over device's stand-in for everyone else: a uinput device with the original's name,
/// ids and capabilities (so a desktop's settings for the device, keyed by name and ids, still
/// apply), written what MediaRemote does not consume. LEDs and sounds the desktop sets on the
/// clone (Caps Lock) are written on to the real device. Destroying it (``deinit``, or the
/// process ending, when the kernel closes /dev/uinput) removes the device, and the kernel then
/// releases every key still down on it, so nothing stays held for the desktop.
final class UInputClone {
    /// What marks MediaRemote's clones in sysfs (`phys`), so that no MediaRemote ever reads one,
    /// whatever its name (``PassthroughIdentity``).
    static let physPrefix = "mediaremote/"

    private let uinput: OpaquePointer
    private let fd: Int32
    private var feedback: FileDescriptorSource?
    /// The switches it was made with on (the original's, as libevdev had them), bit n for code n.
    let switchesOn: UInt32

    /// Opens /dev/uinput for one clone: the step that fails without access, taken before the
    /// device is grabbed.
    static func openUInput(_ path: String) throws(DeviceError) -> Int32 {
        let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == EACCES || code == EPERM { throw .noUInput("no permission to write \(path)") }
            throw .noUInput("cannot open \(path): \(String(cString: strerror(code)))")
        }
        return fd
    }

    /// The clone of `device` on `uinput` (from ``openUInput(_:)``, closed with the clone, or at
    /// once when it cannot be made), with `phys` naming the original (`mediaremote/event5`).
    /// Force feedback is left out: a program uploading an effect to the clone would wait for an
    /// answer MediaRemote does not give (media devices and keyboards have none).
    init(of device: EvdevDevice, uinput uinputFD: Int32, loop: EventLoop) throws(DeviceError) {
        fd = uinputFD
        let sysname = device.path.split(separator: "/").last.map(String.init) ?? device.path
        _ = cevdev_uinput_set_phys(fd, Self.physPrefix + sysname)
        libevdev_disable_event_type(device.device, UInt32(EV_FF))
        var made: OpaquePointer?
        let status = libevdev_uinput_create_from_device(device.device, fd, &made)
        guard status == 0, let made else {
            close(fd)
            throw .noUInput("cannot make a uinput device: \(String(cString: strerror(-status)))")
        }
        uinput = made
        // The original's switches as they are (a jack's SW_HEADPHONE_INSERT): the clone starts
        // with every switch off.
        var switchesOn: UInt32 = 0
        for code in 0...UInt32(SW_MAX) where libevdev_has_event_code(device.device, UInt32(EV_SW), code) != 0 {
            let value = libevdev_get_event_value(device.device, UInt32(EV_SW), code)
            if value != 0 {
                libevdev_uinput_write_event(uinput, UInt32(EV_SW), code, value)
                if code < 32 { switchesOn |= 1 << code }
            }
        }
        self.switchesOn = switchesOn
        // The original's repeat delay and period, so a key held repeats on the clone as it did
        // on the device (writing EV_REP to uinput sets them).
        var delay: Int32 = 0
        var period: Int32 = 0
        if libevdev_get_repeat(device.device, &delay, &period) == 0 {
            libevdev_uinput_write_event(uinput, UInt32(EV_REP), UInt32(REP_DELAY), delay)
            libevdev_uinput_write_event(uinput, UInt32(EV_REP), UInt32(REP_PERIOD), period)
        }
        if switchesOn != 0 { libevdev_uinput_write_event(uinput, UInt32(EV_SYN), UInt32(SYN_REPORT), 0) }
        let original = device.fd
        do {
            feedback = try loop.watch(fd: fd) { [fd] _ in UInputClone.forwardFeedback(from: fd, to: original) }
        } catch {
            // Every property is set: deinit destroys the clone and closes the descriptor.
            throw .noUInput(error.description)
        }
    }

    deinit {
        feedback?.cancel()
        libevdev_uinput_destroy(uinput)
        close(fd)
    }

    /// The clone's node, `/dev/input/event9` (nil if the kernel has not named it yet).
    var node: String? { libevdev_uinput_get_devnode(uinput).map { String(cString: $0) } }

    /// Writes a frame in one write (a system call an event would cost each key its time again);
    /// the kernel stamps each event with its own time.
    func write(_ events: [InputEvent]) {
        guard !events.isEmpty else { return }
        // On the stack: a frame is a few events, written at every keystroke of a keyboard.
        withUnsafeTemporaryAllocation(of: input_event.self, capacity: events.count) { raw in
            for (index, event) in events.enumerated() {
                raw[index] = input_event()
                (raw[index].type, raw[index].code, raw[index].value) = (event.type, event.code, event.value)
            }
            _ = Glibc.write(fd, raw.baseAddress, events.count * MemoryLayout<input_event>.stride)
        }
    }

    /// What the desktop wrote to the clone: LEDs and sounds go on to the real device, each
    /// with its SYN_REPORT (writing an evdev node sets them); nothing else is asked of a
    /// clone without force feedback.
    private static func forwardFeedback(from uinput: Int32, to original: Int32) {
        var event = input_event()
        while Glibc.read(uinput, &event, MemoryLayout<input_event>.size) == MemoryLayout<input_event>.size {
            guard event.type == UInt16(EV_LED) || event.type == UInt16(EV_SND) else { continue }
            var frame = [event, input_event()]
            frame[1].type = UInt16(EV_SYN)
            frame[1].code = UInt16(SYN_REPORT)
            _ = frame.withUnsafeBytes { Glibc.write(original, $0.baseAddress, $0.count) }
        }
    }
}
