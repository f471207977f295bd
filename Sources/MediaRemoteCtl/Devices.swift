import ArgumentParser
import Config
import MediaRemoteAPI
import MediaRemoteClient
import SystemFiles

/// `mediaremotectl devices`: every input device, whether it is read, and how.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the input devices with their class, whether and how they are read.",
        discussion: """
            One line a device: its node, class (media device, keyboard, \
            headphone jack, accelerometer or other), how mediaremoted reads it, and its name, with \
            the node of its clone, or why it is read shared, or why it is not read. \
            A device is "taken over" when mediaremoted has it alone: its media keys \
            are mediaremoted's, and everything else (volume keys, letters, LEDs) \
            passes on to the desktop through the clone. A keyboard is taken over \
            by mediaremote-inputd, the optional system service, which sends only \
            its media keys to this session (\(InputServiceNames.enableCommand) \
            turns it on). It is "shared" when \
            /dev/uinput cannot be written: a desktop reading the same device then \
            acts on its keys too, and the line says how to fix it. "waiting" is a \
            device to be taken over once none of its keys is held. An \
            accelerometer (evdev, or IIO under /sys/bus/iio/devices) is "open" \
            while an app claims motion or a shake action is set, and the line \
            says for whom. Where the service has no input device directory \
            (/dev/input, or its --input-dir), a line says so: no media key or \
            headset button can be read, and nothing is taken over.

            Example:
              $ mediaremotectl devices
              /dev/input/event5   media device   taken over  USB Headset (...)
              /dev/input/event3   keyboard       not read    AT keyboard: ...

            (The first line ends "(clone /dev/input/event9)".)

            With --json, one array (empty: []) of objects with the keys path, name, \
            class, read, reading ("taken over", "taken over by mediaremote-inputd", "shared", "waiting for keys up", \
            "open for motion", or null when it is not read), clone (the clone's \
            node, or null), and reason (why it is not read, why it is read \
            shared, or for whom an accelerometer is open; null otherwise).

            Example:
              $ mediaremotectl devices --json
              [{"path":"/dev/input/event5","name":"USB Headset",
                "class":"media device","read":true,"reading":"taken over",
                "clone":"/dev/input/event9","reason":null}]

            (Printed on one line; folded here to fit.)
            """
    )

    @Flag(help: "Print one JSON array, a device an object.")
    var json = false

    func run() throws {
        let proxy = try ServiceClient().proxy
        let devices = try proxy.describeDevices()
        // No directory is no device at all, for a reason the list cannot show: said instead of
        // "no input devices" (and on standard error beside the JSON).
        let missing = DevicePaths.directoryProblem(try proxy.inputDirectory()).map(InputDirectory.missing)
        if json {
            if let missing { writeNotice("warning: " + missing) }
            writeLine(JSON.array(devices.map { device in
                .object([
                    ("path", .string(device.path)), ("name", .string(device.name)), ("class", .string(device.classification)),
                    ("read", .bool(device.isRead)), ("reading", JSON(device.reading?.word)), ("clone", JSON(device.clone)),
                    ("reason", JSON(device.reason?.nonEmpty)),
                ])
            }).text)
            return
        }
        if let missing {
            writeLine(missing)
        } else if devices.isEmpty {
            writeLine("no input devices")
        }
        for device in devices {
            let column =
                switch device.reading {
                case .takenOver, .takenOverBySystemService: "taken over  "
                case .shared: "shared      "
                case .waitingForKeysUp: "waiting     "
                case .openForMotion: "open        "
                case nil: "not read    "
                }
            let name = device.name + (device.clone.map { " (clone \($0))" } ?? "")
            let about = [name, device.reason ?? ""].filter { !$0.isEmpty }.joined(separator: ": ")
            writeLine((device.path + "  ").padding(20) + (device.classification + "  ").padding(15) + column + about)
        }
        // What shared means, and the fix: once, under the list.
        if let problem = devices.lazy.compactMap({ $0.reading.flatMap(\.sharedBecause) }).first {
            writeLine("")
            writeLine(UInputAccess.sharedWarning(problem))
        }
    }
}

extension DescribeDevicesReply.Device {
    /// The node of its clone, when it is taken over.
    fileprivate var clone: String? {
        switch reading {
        case .takenOver(let clone) where !clone.isEmpty, .takenOverBySystemService(let clone) where !clone.isEmpty: clone
        default: nil
        }
    }

    /// Why it is not read, why it is read shared, or for whom an accelerometer is open.
    fileprivate var reason: String? {
        if case .openForMotion(let wanters) = reading { return "for " + wanters }
        if case .takenOverBySystemService = reading { return "by mediaremote-inputd, which sends its media keys to this session" }
        return reading.flatMap(\.sharedBecause) ?? notReadBecause
    }
}

extension DescribeDevicesReply.Device.Reading {
    fileprivate var sharedBecause: String? {
        if case .shared(let because) = self { return because }
        return nil
    }
}
