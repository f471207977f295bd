import ArgumentParser
import Bridge
import DBus

/// `mediaremotectl devices`: every input device, and whether it is read.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the input devices with their class, whether they are read, and why not.",
        discussion: """
            Example:
              $ mediaremotectl devices
              /dev/input/event5   media device   read      Logitech USB Headset Consumer Control
              /dev/input/event3   keyboard       not read  AT Translated Set 2 keyboard: a keyboard: its media keys are the desktop's …
            """
    )

    @Flag(help: "One JSON object a line, a device each.")
    var json = false

    func run() throws {
        let client = try ServiceClient()
        let reply = try client.call(BridgeNames.interface, "DescribeDevices")
        guard case .array(_, let items)? = reply.arguments.first else { return }
        if items.isEmpty && !json { print("no input devices") }
        for item in items {
            guard case .structure(let f) = item, f.count == 5, case .string(let path) = f[0], case .string(let name) = f[1],
                case .string(let kind) = f[2], case .boolean(let read) = f[3], case .string(let reason) = f[4]
            else { continue }
            if json {
                print(JSONLine([
                    ("path", .string(path)), ("name", .string(name)), ("class", .string(kind)), ("read", .bool(read)),
                    ("reason", .string(reason)),
                ]).text)
            } else {
                let about = read ? name : [name, reason].filter { !$0.isEmpty }.joined(separator: ": ")
                print((path + "  ").padding(20) + (kind + "  ").padding(15) + (read ? "read      " : "not read  ") + about)
            }
        }
    }
}
