/// The keys MediaRemote acts on that are down on one device: which key events are worth telling
/// as they went (``MediaKey``), and what to release when the device closes, so that nobody told
/// of a press waits for its release for good. Pure.
struct HeldKeys: Sendable {
    private(set) var down: Set<UInt16> = []

    /// Whether a key event is one to tell: a press, or the release of a key seen pressed. An
    /// autorepeat says nothing new; a release of a key held before the device was read answers
    /// no press anyone was told of.
    mutating func take(_ code: UInt16, _ value: KeyValue) -> Bool {
        switch value {
        case .pressed:
            down.insert(code)
            return true
        case .released: return down.remove(code) != nil
        case .autorepeat: return false
        }
    }

    /// Every key down, in code order, now released: the device is closing.
    mutating func releaseAll() -> [UInt16] {
        defer { down = [] }
        return down.sorted()
    }
}
