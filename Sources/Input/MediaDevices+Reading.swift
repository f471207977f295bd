import Core
import Loop
import Time

/// Reading a device: its events as a take-over, a wait for keys up or a shared read wants them
/// (the table says which), its keys made events (a headset button's gestures, a media key's),
/// and the one timer every headset's next deadline shares.
extension MediaDevices {
    /// What one read brought, told when it ends: the keys acted on as they went, the events
    /// they made, and when headphones were pulled out of the device's jack.
    struct ReadBatch {
        var keys: [MediaKey] = []
        var events: [Event] = []
        var unplugged: [MonotonicInstant] = []
    }

    /// Reads what the device at `path` has pending, as its reading wants it; a device that
    /// fails is said to have stopped working, and removed.
    func readPending(_ path: String) {
        guard let entry = open[path], let reading = table.reading(of: path) else { return }
        var batch = ReadBatch()
        do {
            switch reading {
            case .takenOver:
                return readTakenOver(entry)
            case .waitingForKeysUp:
                // The desktop still reads it and acts on what is pressed now: nothing is kept.
                try entry.device.readEvents { _, _, _, _ in }
                if !entry.device.anyKeyDown { handle(.keysUp(path)) }
            case .shared:
                let headphonesOut: ((MonotonicInstant) -> Void)? = entry.hasHeadphoneSwitch ? { batch.unplugged.append($0) } : nil
                try entry.device.read(wanted: entry.wanted, { act($0.code, $0.value, $0.timestamp, of: entry, into: &batch) }, headphonesOut: headphonesOut)
            }
        } catch {
            return finish(batch, of: entry, failure: error)
        }
        finish(batch, of: entry)
    }

    /// A key MediaRemote acts on, as it went, and the events it makes.
    func act(_ code: UInt16, _ value: KeyValue, _ timestamp: MonotonicInstant, of entry: OpenDevice, into batch: inout ReadBatch) {
        if let key = entry.mediaKey(code, value, at: timestamp) { batch.keys.append(key) }
        batch.events += entry.keys.key(code, value, at: timestamp)
    }

    /// Tells what a read brought; then a device that failed is gone (what was read before the
    /// failure still counts), and a headset's next deadline is armed.
    func finish(_ batch: ReadBatch, of entry: OpenDevice, failure: DeviceError? = nil) {
        tell(batch.keys, batch.events)
        if let failure {
            handle(.readFailed(entry.path, failure))
        } else if entry.keys.hasHeadset {
            armHeadsetTimer()
        }
        for time in batch.unplugged { onHeadphonesUnplugged?(entry.name, entry.soundCard, time) }
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
