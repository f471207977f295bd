import Core
import Loop
import Time

/// Reading a device: its events as a take-over, a wait for keys up or a shared read wants them
/// (the table says which), its keys made events (a headset button's gestures, a media key's),
/// and the one timer every headset's next deadline shares.
extension MediaDevices {
    /// Reads what the device at `path` has pending, as its reading wants it; a device that
    /// fails is said to have stopped working, and removed.
    func readPending(_ path: String) {
        guard let entry = open[path], let reading = table.reading(of: path) else { return }
        var events: [Event] = []
        var keys: [MediaKey] = []
        // Headphones pulled out of a jack the device has (a codec's, a headset jack's).
        var unplugged: [MonotonicInstant] = []
        let headphonesOut: ((MonotonicInstant) -> Void)? = entry.hasHeadphoneSwitch ? { unplugged.append($0) } : nil
        defer { for time in unplugged { onHeadphonesUnplugged?(entry.name, entry.soundCard, time) } }
        // A key MediaRemote acts on, as it went, and the events it makes.
        func acted(_ code: UInt16, _ value: KeyValue, _ timestamp: MonotonicInstant) {
            if let key = entry.mediaKey(code, value, at: timestamp) { keys.append(key) }
            events += entry.keys.key(code, value, at: timestamp)
        }
        do {
            switch reading {
            case .takenOver:
                try entry.device.readEvents { type, code, value, timestamp in
                    // Read before the grab: the desktop has had it already.
                    guard timestamp >= entry.takenOverSince else { return }
                    // Seen, and passed on to the clone like every switch.
                    if let headphonesOut, EvdevDevice.isHeadphonesOut(type, code, value) { headphonesOut(timestamp) }
                    switch entry.filter.take(InputEvent(type, code, value)) {
                    case .consumed: if let value = KeyValue(rawValue: value) { acted(code, value, timestamp) }
                    case .wait: break
                    case .write(let frame): entry.clone?.write(frame)
                    }
                }
            case .waitingForKeysUp:
                // The desktop still reads it and acts on what is pressed now: nothing is kept.
                try entry.device.readEvents { _, _, _, _ in }
                if !entry.device.anyKeyDown { handle(.keysUp(path)) }
            case .shared:
                try entry.device.read(wanted: entry.wanted, { acted($0.code, $0.value, $0.timestamp) }, headphonesOut: headphonesOut)
            }
        } catch {
            // What was read before the failure still counts; then the device is gone.
            tell(keys, events)
            handle(.readFailed(path, error))
            return
        }
        tell(keys, events)
        if entry.keys.hasHeadset { armHeadsetTimer() }
    }

    /// Tells what a read brought: the keys as they went, then the events they made.
    func tell(_ keys: [MediaKey], _ events: [Event]) {
        if let onMediaKey { for key in keys { onMediaKey(key) } }
        for event in events { onEvent?(event) }
    }

    private func armHeadsetTimer() {
        headsetTimer.arm(at: open.values.compactMap(\.keys.deadline).min())
    }

    func headsetDeadline() {
        let now = MonotonicClock.now
        for entry in open.values {
            for event in entry.keys.timeout(at: now) { onEvent?(event) }
        }
        armHeadsetTimer()
    }
}
