import Core
import MediaRemoteAPI
import Time

/// One device's keys turned into remote-control events: a pure state machine. Autorepeat is
/// not a new event; a held seek key begins seeking and its release ends it; a device that goes
/// away ends the seeks it held. Keys without an action produce nothing and are not kept.
public struct KeyTranslator: Sendable {
    public let isMediaDevice: Bool
    public let source: EventSource
    /// Seeks begun by keys still held: key code → the subtype that ends it.
    private var heldSeeks: [UInt16: RemoteControlSubtype] = [:]

    public init(isMediaDevice: Bool, source: EventSource = .key) {
        self.isMediaDevice = isMediaDevice
        self.source = source
    }

    /// The events a key event makes (at most one).
    public mutating func key(_ code: UInt16, _ value: KeyValue, at timestamp: MonotonicInstant) -> [Event] {
        guard let action = MediaKeyMap.action(for: code, onMediaDevice: isMediaDevice) else { return [] }
        switch (action, value) {
        case (.press(let subtype), .pressed):
            return [.remoteControl(subtype, at: timestamp, from: source)]
        case (.seek(let begin, let end), .pressed):
            guard heldSeeks[code] == nil else { return [] }
            heldSeeks[code] = end
            return [.remoteControl(begin, at: timestamp, from: source)]
        case (.seek, .released):
            guard let end = heldSeeks.removeValue(forKey: code) else { return [] }
            return [.remoteControl(end, at: timestamp, from: source)]
        default:
            return []
        }
    }

    /// The device went away: every seek it held ends now.
    public mutating func deviceRemoved(at timestamp: MonotonicInstant) -> [Event] {
        defer { heldSeeks = [:] }
        return heldSeeks.sorted { $0.key < $1.key }.map { .remoteControl($0.value, at: timestamp, from: source) }
    }

}
