import Foundation
import Testing

@testable import Input

/// Classifying a device from sysfs alone, as for a node the user may not open: the bitmaps as
/// the kernel prints them, and a sysfs-shaped directory behind a real character device.
@Suite("SysfsCapabilities: a device nobody may open, classified from sysfs")
struct SysfsCapabilitiesTests {
    @Test("a bitmap is hexadecimal words of 64 bits, most significant first, leading zero words left out")
    func bitmaps() {
        #expect(SysfsCapabilities.bits("120013\n", wordBits: 64) == [0, 1, 4, 17, 20])
        // A mouse's keys: BTN_LEFT (272) in the fifth word.
        #expect(SysfsCapabilities.bits("10000 0 0 0 0", wordBits: 64) == [272])
        #expect(SysfsCapabilities.bits("0\n", wordBits: 64).isEmpty)
        #expect(SysfsCapabilities.bits("", wordBits: 64).isEmpty)
        #expect(SysfsCapabilities.bits("12 zz", wordBits: 64).isEmpty)
    }

    /// A sysfs tree for the device number of /dev/null (1:3), holding what `files` says.
    private func sysfs(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sysfs-\(UUID().uuidString)").path
        for (name, text) in files {
            let path = root + "/1:3/device/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return root
    }

    /// /dev/null's device number (1:3), which the trees below are made for.
    private func nullNumber() throws -> (major: UInt32, minor: UInt32) {
        try #require(SysfsCapabilities.deviceNumber(of: "/dev/null"))
    }

    @Test("an AT keyboard, a headset's buttons and an accelerometer, as their sysfs files say")
    func classification() throws {
        // Copied from a laptop's /sys/class/input/event*/device (AT Translated Set 2 keyboard).
        let keyboard = try sysfs(["name": "AT Translated Set 2 keyboard\n",
                                  "capabilities/key": "402000000 3803078f800d001 feffffdfffefffff fffffffffffffffe\n"])
        defer { try? FileManager.default.removeItem(atPath: keyboard) }
        let keyboardCapabilities = try #require(SysfsCapabilities.read(try nullNumber(), sysfs: keyboard))
        #expect(keyboardCapabilities.name == "AT Translated Set 2 keyboard")
        #expect(keyboardCapabilities.classification == .keyboard)

        // KEY_VOLUMEDOWN/UP (114, 115), KEY_NEXTSONG, KEY_PLAYPAUSE, KEY_PREVIOUSSONG (163–165).
        let headset = try sysfs(["name": "USB Headset Consumer Control\n", "capabilities/key": "3800000000 c000000000000 0\n"])
        defer { try? FileManager.default.removeItem(atPath: headset) }
        let headsetCapabilities = try #require(SysfsCapabilities.read(try nullNumber(), sysfs: headset))
        #expect(headsetCapabilities.keys == [114, 115, 163, 164, 165])
        #expect(headsetCapabilities.classification == .mediaDevice)

        // INPUT_PROP_ACCELEROMETER is bit 6 of the properties; ABS_X/Y/Z bits 0–2.
        let sensor = try sysfs(["name": "Accelerometer\n", "capabilities/key": "0\n", "capabilities/abs": "7\n", "properties": "40\n"])
        defer { try? FileManager.default.removeItem(atPath: sensor) }
        let sensorCapabilities = try #require(SysfsCapabilities.read(try nullNumber(), sysfs: sensor))
        #expect(sensorCapabilities.hasAccelerometerProperty && sensorCapabilities.hasXYZAxes)
        #expect(sensorCapabilities.classification == .accelerometer)

        // A laptop codec's jack: SW_HEADPHONE_INSERT (2) and SW_MICROPHONE_INSERT (4), no keys.
        let jack = try sysfs(["name": "HDA Intel PCH Headphone\n", "capabilities/key": "0\n", "capabilities/sw": "14\n"])
        defer { try? FileManager.default.removeItem(atPath: jack) }
        let jackCapabilities = try #require(SysfsCapabilities.read(try nullNumber(), sysfs: jack))
        #expect(jackCapabilities.switches == [2, 4])
        #expect(jackCapabilities.classification == .headphoneJack)
        // A lid's switch (SW_LID, 0) is no jack.
        #expect(DeviceCapabilities(name: "Lid Switch", keys: [], switches: [0]).classification == .other)
        // A headset's jack with buttons is a media device (its keys read as any).
        #expect(DeviceCapabilities(name: "Headset Jack", keys: [KeyCode.media], switches: [2]).classification == .mediaDevice)
    }

    @Test("a jack's sound card, from its sysfs path")
    func soundCard() {
        #expect(SysfsCapabilities.soundCard(inPath: "/sys/devices/pci0000:00/0000:00:1f.3/sound/card1/input12/event7") == 1)
        #expect(SysfsCapabilities.soundCard(inPath: "/sys/devices/virtual/input/input5/event5") == nil)
        #expect(SysfsCapabilities.soundCard(inPath: "/sys/devices/platform/sound/card10/input3/event3") == 10)
        #expect(SysfsCapabilities.soundCard(ofNode: "/dev/input/event999999") == nil)
    }

    @Test("nothing known: no sysfs entry, or a node that is not a character device")
    func unknown() throws {
        let empty = try sysfs([:])
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(SysfsCapabilities.read(try nullNumber(), sysfs: empty) == nil)
        #expect(SysfsCapabilities.deviceNumber(of: "/tmp") == nil)
        #expect(SysfsCapabilities.deviceNumber(of: "/nonexistent/event9") == nil)
    }
}
