internal import CEvdev
internal import CSystem
import SystemFiles

#if canImport(Glibc)
import Glibc
#endif

/// What sysfs tells anyone of an input device, even someone who may not open its node: its
/// name and what it reports. Enough to classify a device that cannot be read, so that a
/// keyboard the udev rule rightly does not grant is no cause for a warning, while a headset
/// without the rule's ACL is.
enum SysfsCapabilities {
    /// The capabilities of the character device numbered `number` (a `/dev/input/eventN`'s,
    /// ``deviceNumber(of:)``), from `/sys/dev/char`; nil when sysfs lacks it.
    static func read(_ number: (major: UInt32, minor: UInt32), sysfs: String = "/sys/dev/char") -> DeviceCapabilities? {
        let device = "\(sysfs)/\(number.major):\(number.minor)/device"
        guard let name = SmallFile.read(device + "/name"), let keys = SmallFile.read(device + "/capabilities/key") else {
            return nil
        }
        let axes = bits(SmallFile.read(device + "/capabilities/abs") ?? "")
        let properties = bits(SmallFile.read(device + "/properties") ?? "")
        return DeviceCapabilities(
            name: String(name.prefix { $0 != "\n" }), keys: bits(keys),
            hasAccelerometerProperty: properties.contains(UInt16(INPUT_PROP_ACCELEROMETER)),
            hasXYZAxes: [ABS_X, ABS_Y, ABS_Z].allSatisfy { axes.contains(UInt16($0)) },
            switches: bits(SmallFile.read(device + "/capabilities/sw") ?? ""))
    }

    /// The kernel's sound card an input device belongs to (a codec's jack: its sysfs path runs
    /// through `…/sound/cardN/inputM`), by its node; nil for one of no card.
    static func soundCard(ofNode node: String, sysfs: String = "/sys/class/input") -> Int? {
        let name = node.split(separator: "/").last.map(String.init) ?? ""
        guard let path = realpath("\(sysfs)/\(name)", nil) else { return nil }
        defer { free(path) }
        return soundCard(inPath: String(cString: path))
    }

    /// The N of the last `cardN` component of a sysfs path.
    static func soundCard(inPath path: String) -> Int? {
        path.split(separator: "/").reversed().lazy.compactMap { part -> Int? in
            guard part.hasPrefix("card") else { return nil }
            return Int(part.dropFirst(4))
        }.first
    }

    /// The device number of a character device node (stat needs no permission on the node).
    static func deviceNumber(of node: String) -> (major: UInt32, minor: UInt32)? {
        var status = stat()
        guard stat(node, &status) == 0, status.st_mode & S_IFMT == S_IFCHR else { return nil }
        return (csystem_device_major(status.st_rdev), csystem_device_minor(status.st_rdev))
    }

    /// A sysfs bitmap as the numbers of its set bits. The kernel prints it as hexadecimal words
    /// of its `long`, most significant first, without the leading zero words: "120013", or
    /// "10000 0 0 0 fffffffe" for a bit in the fifth word.
    static func bits(_ text: String, wordBits: Int = Int.bitWidth) -> Set<UInt16> {
        var set = Set<UInt16>()
        for (index, word) in text.split(whereSeparator: \.isWhitespace).reversed().enumerated() {
            guard let value = UInt64(word, radix: 16) else { return [] }
            for bit in 0..<wordBits where value & (1 << UInt64(bit)) != 0 {
                let code = index * wordBits + bit
                if code <= Int(UInt16.max) { set.insert(UInt16(code)) }
            }
        }
        return set
    }
}
