import ArgumentParser
import MediaRemoteAPI
import MediaRemoteClient

/// `mediaremotectl devices`: every input device, and whether it is read.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the input devices with their class, whether they are read, and why not.",
        discussion: """
            One line a device: its node, class (media device, keyboard, \
            accelerometer or other), whether mediaremoted reads it, and its name, \
            or why it is not read.

            Example:
              $ mediaremotectl devices
              /dev/input/event5   media device   read      USB Headset
              /dev/input/event3   keyboard       not read  AT keyboard: ...

            With --json, one array (empty: []) of objects with the keys path, name, \
            class, read, and reason (why it is not read; null when it is).

            Example:
              $ mediaremotectl devices --json
              [{"path":"/dev/input/event5","name":"USB Headset",
                "class":"media device","read":true,"reason":null}]

            (Printed on one line; folded here to fit.)
            """
    )

    @Flag(help: "Print one JSON array, a device an object.")
    var json = false

    func run() throws {
        let devices = try ServiceClient().proxy.describeDevices()
        if json {
            writeLine(JSON.array(devices.map { device in
                .object([
                    ("path", .string(device.path)), ("name", .string(device.name)), ("class", .string(device.classification)),
                    ("read", .bool(device.isRead)), ("reason", JSON(device.notReadBecause?.nonEmpty)),
                ])
            }).text)
            return
        }
        if devices.isEmpty { writeLine("no input devices") }
        for device in devices {
            let about = device.notReadBecause.map { [device.name, $0].filter { !$0.isEmpty }.joined(separator: ": ") } ?? device.name
            writeLine(
                (device.path + "  ").padding(20) + (device.classification + "  ").padding(15) + (device.isRead ? "read      " : "not read  ")
                    + about)
        }
    }
}
