import ArgumentParser
import DBus
import DBusTypes
import MediaRemoteAPI

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
        let client = try ServiceClient()
        let reply = try client.call(MediaRemoteNames.interface, MediaRemoteMembers.describeDevices)
        guard case .array(_, let items)? = reply.arguments.first else {
            throw ClientError(description: "mediaremoted answered DescribeDevices with '\(reply.signature)'", status: .failure)
        }
        let devices = items.compactMap { item -> (path: String, name: String, kind: String, read: Bool, reason: String)? in
            guard case .structure(let f) = item, f.count == 5, case .string(let path) = f[0], case .string(let name) = f[1],
                case .string(let kind) = f[2], case .boolean(let read) = f[3], case .string(let reason) = f[4]
            else { return nil }
            return (path, name, kind, read, reason)
        }
        if json {
            writeLine(JSON.array(devices.map { device in
                .object([
                    ("path", .string(device.path)), ("name", .string(device.name)), ("class", .string(device.kind)),
                    ("read", .bool(device.read)), ("reason", JSON(device.read ? nil : device.reason.nonEmpty)),
                ])
            }).text)
            return
        }
        if devices.isEmpty { writeLine("no input devices") }
        for device in devices {
            let about = device.read ? device.name : [device.name, device.reason].filter { !$0.isEmpty }.joined(separator: ": ")
            writeLine((device.path + "  ").padding(20) + (device.kind + "  ").padding(15) + (device.read ? "read      " : "not read  ") + about)
        }
    }
}
