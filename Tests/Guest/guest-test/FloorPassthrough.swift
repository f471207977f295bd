internal import CEvdev

#if canImport(Glibc)
import Glibc
#endif

/// The least a passthrough can do, as the benchmark's floor: grab a device, make a clone of it,
/// and copy every read to the clone in one write, in a loop with no other work. Run as a child
/// process (`guest-test --floor-passthrough NODE`), so that its hop costs the same two context
/// switches mediaremoted's does; it prints "floor CLONE-NODE" when ready and runs until killed.
enum FloorPassthrough {
    static func run(_ node: String) -> Never {
        let fd = open(node, O_RDWR | O_CLOEXEC)
        var device: OpaquePointer?
        guard fd >= 0, libevdev_new_from_fd(fd, &device) == 0, let device else {
            print("FAIL floor passthrough: cannot open \(node)")
            exit(1)
        }
        libevdev_set_name(device, "MediaRemote Bench Floor Clone")
        var clone: OpaquePointer?
        guard libevdev_grab(device, LIBEVDEV_GRAB) == 0,
            libevdev_uinput_create_from_device(device, LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue, &clone) == 0, let clone,
            let cloneNode = libevdev_uinput_get_devnode(clone)
        else {
            print("FAIL floor passthrough: cannot grab or clone \(node)")
            exit(1)
        }
        let ready = "floor \(String(cString: cloneNode))\n"
        _ = write(1, ready, ready.utf8.count)
        let out = libevdev_uinput_get_fd(clone)
        var buffer = [input_event](repeating: input_event(), count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { exit(0) }
            _ = buffer.withUnsafeBytes { write(out, $0.baseAddress, count) }
        }
    }
}
