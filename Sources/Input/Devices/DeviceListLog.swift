/// What a service's log has said of a device list, and what to say next: one line per device
/// that appeared or changed, one per device gone, never the same line twice. Pure: the service
/// says the lines in its words (mediaremoted of every device, mediaremote-inputd of keyboards).
public struct DeviceListLog: Sendable {
    /// The devices as last said, by node.
    private var said: [String: MediaDevices.DeviceInfo] = [:]

    public init() {}

    /// `devices` against what was said: those worth a line (`worthALine`) that are new or
    /// changed, in order, and the nodes said before that are in the list no more.
    public mutating func changes(
        _ devices: [MediaDevices.DeviceInfo], worthALine: (MediaDevices.DeviceInfo) -> Bool = { _ in true }
    ) -> (changed: [MediaDevices.DeviceInfo], gone: [String]) {
        let present = Set(devices.map(\.path))
        let shown = devices.filter(worthALine)
        let changed = shown.filter { said[$0.path] != $0 }
        let gone = said.keys.filter { !present.contains($0) }.sorted()
        said = Dictionary(shown.map { ($0.path, $0) }) { first, _ in first }
        return (changed, gone)
    }

    /// Forgets what was said: the devices are closed, and will be said again when read again.
    public mutating func forget() {
        said = [:]
    }
}
