import SystemFiles

#if canImport(Glibc)
import Glibc
#endif

/// Whether an input device is somebody's copy of another — a uinput passthrough, like the
/// clones MediaRemote makes of the devices it takes over — told from sysfs, before the device
/// is opened (readable by all). A copy is never read: its keys are the original's, and reading
/// both would act twice (or, reading our own, clone a clone of a clone).
///
/// How it is told: a uinput device lives under `/sys/devices/virtual/input`. MediaRemote's own
/// carry `phys` `mediaremote/<original>` (``UInputClone/physPrefix``), whatever their name. Any
/// other virtual device that bears the name of a device the kernel made for hardware is another
/// program's passthrough of it (libevdev's `libevdev_uinput_create_from_device` copies the
/// name, so a passthrough built on it keeps it unless it renames). Virtual devices with names of
/// their own — BlueZ's "… (AVRCP)", keyd's "keyd virtual keyboard" — are devices like any other:
/// they are what the desktop reads when those programs hold the hardware, so taking them over
/// is the right link in the chain.
public enum PassthroughIdentity: Equatable, Sendable {
    /// Not a copy: read by the usual rules.
    case original
    /// One of MediaRemote's clones.
    case mediaRemoteClone
    /// A uinput device with the name of a hardware device: another program's copy of it.
    case copy(of: String)

    /// The decision, from what sysfs says.
    public static func decide(phys: String, isVirtual: Bool, name: String, hardwareNames: Set<String>) -> PassthroughIdentity {
        guard isVirtual else { return .original }
        if phys.hasPrefix(UInputClone.physPrefix) { return .mediaRemoteClone }
        return hardwareNames.contains(name) ? .copy(of: name) : .original
    }

    /// The identity of the character device `number` (``SysfsCapabilities/deviceNumber(of:)``);
    /// `.original` when sysfs does not say.
    static func of(_ number: (major: UInt32, minor: UInt32), sysfs: String = "/sys") -> PassthroughIdentity {
        guard let node = realPath("\(sysfs)/dev/char/\(number.major):\(number.minor)") else { return .original }
        let device = node + "/device"
        let isVirtual = node.contains("/devices/virtual/")
        guard isVirtual else { return .original }
        let phys = SmallFile.read(device + "/phys").map(firstLine) ?? ""
        let name = SmallFile.read(device + "/name").map(firstLine) ?? ""
        return decide(phys: phys, isVirtual: isVirtual, name: name, hardwareNames: hardwareNames(sysfs: sysfs))
    }

    /// The names of the input devices the kernel made for hardware (not under devices/virtual).
    private static func hardwareNames(sysfs: String) -> Set<String> {
        let directory = sysfs + "/class/input"
        return Set(SmallFile.names(in: directory).filter { $0.hasPrefix("input") }.compactMap { entry -> String? in
            guard let path = realPath(directory + "/" + entry), !path.contains("/devices/virtual/") else { return nil }
            return SmallFile.read(path + "/name").map(firstLine)
        })
    }

    private static func firstLine(_ text: String) -> String { String(text.prefix { $0 != "\n" }) }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
