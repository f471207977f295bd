internal import CEvdev
import Loop

#if canImport(Glibc)
import Glibc
#endif

/// The least a passthrough can do, as the benchmark's floor: grab a device, make a clone of it,
/// and copy every read to the clone in one write, with no other work. Run as a child process
/// (`guest-test --floor-passthrough NODE [--event-loop]`), so that its hop costs the same two
/// context switches mediaremoted's does; it prints "floor CLONE-NODE" when ready and runs until
/// killed.
///
/// Two ways: blocking reads in a loop (the least any passthrough can do), or the way a service
/// that does other things must read, and mediaremoted does: the device non-blocking on an
/// epoll event loop (ours), each wakeup read until the kernel says EAGAIN.
enum FloorPassthrough {
    static func run(_ node: String, eventLoop: Bool) -> Never {
        let fd = open(node, O_RDWR | O_CLOEXEC | (eventLoop ? O_NONBLOCK : 0))
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
        let out = libevdev_uinput_get_fd(clone)
        var buffer = [input_event](repeating: input_event(), count: 64)
        /// One read copied to the clone: false when there was nothing to read.
        func copyOnce() -> Bool {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else {
                if count < 0, errno == EAGAIN { return false }
                exit(0)
            }
            _ = buffer.withUnsafeBytes { write(out, $0.baseAddress, count) }
            return true
        }
        if eventLoop {
            guard let loop = try? EventLoop(), let source = try? loop.watch(fd: fd, handler: { _ in while copyOnce() {} }) else {
                print("FAIL floor passthrough: no event loop")
                exit(1)
            }
            _ = write(1, ready, ready.utf8.count)
            withExtendedLifetime(source) { loop.run() }
            exit(0)
        }
        _ = write(1, ready, ready.utf8.count)
        while true { _ = copyOnce() }
    }
}
