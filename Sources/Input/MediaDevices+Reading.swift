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
        // Headphones pulled out of a jack the device has (a codec's, a headset jack's).
        var unplugged: [MonotonicInstant] = []
        let headphonesOut: ((MonotonicInstant) -> Void)? = entry.hasHeadphoneSwitch ? { unplugged.append($0) } : nil
        defer { for time in unplugged { onHeadphonesUnplugged?(entry.name, entry.soundCard, time) } }
        do {
            switch reading {
            case .takenOver:
                try entry.device.readEvents { type, code, value, timestamp in
                    // Read before the grab: the desktop has had it already.
                    guard timestamp >= entry.takenOverSince else { return }
                    // Seen, and passed on to the clone like every switch.
                    if let headphonesOut, EvdevDevice.isHeadphonesOut(type, code, value) { headphonesOut(timestamp) }
                    switch entry.filter.take(InputEvent(type, code, value)) {
                    case .consumed: if let value = KeyValue(rawValue: value) { events += key(entry, code, value, at: timestamp) }
                    case .wait: break
                    case .write(let frame): entry.clone?.write(frame)
                    }
                }
            case .waitingForKeysUp:
                // The desktop still reads it and acts on what is pressed now: nothing is kept.
                try entry.device.readEvents { _, _, _, _ in }
                if !entry.device.anyKeyDown { handle(.keysUp(path)) }
            case .shared:
                try entry.device.read(wanted: entry.wanted, { events += key(entry, $0.code, $0.value, at: $0.timestamp) }, headphonesOut: headphonesOut)
            }
        } catch {
            // What was read before the failure still counts; then the device is gone.
            for event in events { onEvent?(event) }
            handle(.readFailed(path, error))
            return
        }
        for event in events { onEvent?(event) }
        if entry.headset != nil { armHeadsetTimer() }
    }

    /// The events a key MediaRemote acts on makes: the headset button's gestures, or a media key's.
    private func key(_ entry: OpenDevice, _ code: UInt16, _ value: KeyValue, at timestamp: MonotonicInstant) -> [Event] {
        guard code == KeyCode.media, entry.headset != nil else { return entry.translator.key(code, value, at: timestamp) }
        switch value {
        case .pressed: return entry.headset?.press(at: timestamp) ?? []
        case .released: return entry.headset?.release(at: timestamp) ?? []
        case .autorepeat: return []
        }
    }

    private func armHeadsetTimer() {
        headsetTimer.arm(at: open.values.compactMap { $0.headset?.deadline }.min())
    }

    func headsetDeadline() {
        let now = MonotonicClock.now
        for entry in open.values {
            for event in entry.headset?.timeout(at: now) ?? [] { onEvent?(event) }
        }
        armHeadsetTimer()
    }
}
