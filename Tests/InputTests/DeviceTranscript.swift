import Loop
import Testing
import Time

@testable import Input

/// A transcript of what happens to the input devices, on a virtual clock: the input of the
/// device table's tests. Each event goes to the table; each action the table asks is answered
/// as the machine described here would answer it (the nodes there, /dev/uinput, grabs held,
/// keys down), as ``MediaDevices`` answers it with the C calls, and every action is recorded in
/// the order the shell would perform it. No device, no sysfs, no timer.
final class DeviceTranscript {
    /// A node of the input directory, as the machine would describe it.
    struct Node {
        var capabilities: DeviceCapabilities
        var phys = "usb-0000:00:14.0-2/input3"
        var identity = PassthroughIdentity.original
        /// Why it cannot be opened (no permission: another session's, or no rule); nil: it can.
        var openError: DeviceError?
        var udev: [String: String] = [:]
        /// Its seat, as udev names it; nil while udev is still at work on it.
        var seat: String? = DeviceChoice.defaultSeat
    }

    var table: DeviceTable
    var now = MonotonicInstant.zero + .seconds(1)
    var nodes: [String: Node] = [:]
    var uinputWritable = true
    /// Devices whose grab someone else holds.
    var grabsHeld: Set<String> = []
    /// Devices with a key down.
    var keysDown: Set<String> = []

    init(_ choice: DeviceChoice = DeviceChoice(readKeyboards: false, include: [], exclude: [])) {
        table = DeviceTable(choice: choice)
    }

    var devices: [MediaDevices.DeviceInfo] { table.devices }

    /// The clone a take-over of the device at `path` makes.
    static func clone(of path: String) -> String { path + "-clone" }

    static let noUInput = "no permission to write /dev/uinput"

    // MARK: What happens

    /// A node appears (or, already there, changes).
    func plug(_ path: String, _ node: Node) -> [DeviceTable.Action] {
        nodes[path] = node
        return run(.appeared(path))
    }

    func unplug(_ path: String) -> [DeviceTable.Action] {
        nodes[path] = nil
        return run(.disappeared(path))
    }

    /// udev changes the node's permission (the seat's ACL moving): it appears changed.
    func permission(_ path: String, _ error: DeviceError?) -> [DeviceTable.Action] {
        nodes[path]?.openError = error
        return run(.appeared(path))
    }

    /// Time passes; the table is told if its deadline came, as its timer would.
    func wait(_ duration: Duration) -> [DeviceTable.Action] {
        now += duration
        guard let deadline = table.deadline, deadline <= now else { return [] }
        return run(.timePassed)
    }

    /// `event` to the table, and every answer its actions bring, depth first: what was asked,
    /// with the device list told changed once at the end, through the loop the shell runs
    /// (``DeviceTable/run(_:apply:perform:)``).
    func run(_ event: DeviceTable.Event) -> [DeviceTable.Action] {
        var performed: [DeviceTable.Action] = []
        let changed = DeviceTable.run(event, apply: { self.table.apply($0, at: self.now) }) { action in
            performed.append(action)
            return self.answer(action)
        }
        return performed + (changed ? [.devicesChanged] : [])
    }

    // MARK: The machine's answers

    private func answer(_ action: DeviceTable.Action) -> DeviceTable.Event? {
        switch action {
        case .checkReadable(let path):
            return .readable(path, nodes[path].map { $0.openError == nil } ?? false)
        case .identify(let path):
            return .identified(path, nodes[path]?.identity ?? .original)
        case .open(let path):
            guard let node = nodes[path] else { return .openFailed(path, .unusable(path, "No such device")) }
            if let error = node.openError { return .openFailed(path, error) }
            return .opened(path, phys: node.phys, capabilities: node.capabilities, seat: node.seat)
        case .describe(let path, let error):
            return .described(path, error, sysfs: nodes[path]?.capabilities, udev: nodes[path]?.udev ?? [:])
        case .watch(let path):
            return .watched(path)
        case .takeOver(let path):
            return .takeOverEnded(path, takeOver(path, evenWithKeysDown: false))
        case .takeOverReleasingKeys(let path):
            keysDown.remove(path)
            return .takeOverEnded(path, takeOver(path, evenWithKeysDown: true))
        case .close, .tell, .devicesChanged:
            return nil
        }
    }

    /// The shell's C calls in their order: uinput, the keys, the grab, the clone.
    private func takeOver(_ path: String, evenWithKeysDown: Bool) -> DeviceTable.TakeOver {
        if !uinputWritable { return .noClone(because: Self.noUInput) }
        if !evenWithKeysDown, keysDown.contains(path) { return .keysDown }
        if grabsHeld.contains(path) { return .grabHeld }
        return .tookOver(clone: Self.clone(of: path))
    }
}

/// The devices, as they report themselves, and the ways they are listed.
enum Devices {
    static let headset = DeviceTranscript.Node(capabilities: DeviceCapabilities(name: "USB Headset", keys: [KeyCode.playPause, 114, 115, KeyCode.media]))
    static let keyboard = DeviceTranscript.Node(capabilities: DeviceCapabilities(name: "AT Translated Set 2 keyboard", keys: Set(1...88).union([KeyCode.playPause])))
    static let mouse = DeviceTranscript.Node(capabilities: DeviceCapabilities(name: "Logitech USB Receiver Mouse", keys: [272, 273, 274]))
    static let jack = DeviceTranscript.Node(
        capabilities: DeviceCapabilities(name: "HDA Intel PCH Headphone", keys: [], switches: [DeviceCapabilities.headphoneSwitch]))
    static let accelerometer = DeviceTranscript.Node(capabilities: DeviceCapabilities(name: "ST LIS3LV02DL Accelerometer", keys: [], hasXYZAxes: true))

    /// What a take-over of `node` at `path` lists.
    static func takenOver(_ path: String, _ node: DeviceTranscript.Node) -> MediaDevices.DeviceInfo {
        listed(path, node, .read(.takenOver(clone: DeviceTranscript.clone(of: path))))
    }

    static func listed(_ path: String, _ node: DeviceTranscript.Node, _ state: MediaDevices.DeviceInfo.State) -> MediaDevices.DeviceInfo {
        MediaDevices.DeviceInfo(path: path, name: node.capabilities.name, classification: node.capabilities.classification, state: state)
    }

    /// The actions that bring a node new to the table in as far as its take-over.
    static func broughtIn(_ path: String) -> [DeviceTable.Action] {
        [.identify(path), .open(path), .watch(path), .takeOver(path)]
    }
}
