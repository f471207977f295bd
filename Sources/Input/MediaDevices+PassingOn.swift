internal import CEvdev
import Loop
import Time

/// Reading a taken-over device: each frame on to its clone but the keys MediaRemote acts on.
/// Every keystroke of a taken-over keyboard comes this way, so it is read straight from the
/// kernel into the stack and looked up nowhere (``EvdevDevice/readRaw(into:)``): under
/// emulation, each page a keystroke touches cost it time (docs/DECISIONS.md).
extension MediaDevices {
    func readTakenOver(_ entry: OpenDevice) {
        var batch = ReadBatch()
        do {
            try withUnsafeTemporaryAllocation(of: input_event.self, capacity: 64) { buffer throws(DeviceError) in
                reading: while case let count = try entry.device.readRaw(into: buffer), count > 0 {
                    for index in 0..<count where pass(buffer[index], of: entry, into: &batch) {
                        // SYN_DROPPED: what follows it, read or pending, is in the state the
                        // kernel reports now, so it is dropped, as libevdev drops it.
                        while try entry.device.readRaw(into: buffer) > 0 {}
                        resync(entry, into: &batch)
                        continue reading
                    }
                    // A read that did not fill the buffer took all there was; the loop's wait is
                    // level-triggered, so anything that came since wakes it again (one system
                    // call a keystroke saved: the read that would say EAGAIN).
                    if count < buffer.count { break }
                }
            }
        } catch {
            return finish(batch, of: entry, failure: error)
        }
        finish(batch, of: entry)
    }

    /// Passes one event on (or keeps it, for a key MediaRemote acts on); true when it is
    /// SYN_DROPPED, which the caller resyncs.
    private func pass(_ event: input_event, of entry: OpenDevice, into batch: inout ReadBatch) -> Bool {
        let time = EvdevDevice.time(of: event)
        // Read before the grab: the desktop has had it already.
        guard time >= entry.takenOverSince else { return false }
        // Seen, and passed on to the clone like every switch.
        if entry.hasHeadphoneSwitch, EvdevDevice.isHeadphonesOut(event.type, event.code, event.value) { batch.unplugged.append(time) }
        switch entry.filter.take(InputEvent(event.type, event.code, event.value)) {
        case .consumed: if let value = KeyValue(rawValue: event.value) { act(event.code, value, time, of: entry, into: &batch) }
        case .wait: break
        case .write(let frame): entry.clone?.write(frame)
        case .resync: return true
        }
        return false
    }

    /// After SYN_DROPPED: the keys acted on, the clone and the jack brought to the device's state
    /// as the kernel holds it now (what was dropped may have pressed or released anything).
    /// When the kernel cannot say (the device is going), nothing: its next read fails.
    private func resync(_ entry: OpenDevice, into batch: inout ReadBatch) {
        let now = MonotonicClock.now
        guard let keys = entry.device.keysDownBits, let switches = entry.device.switchesOnBits else { return }
        let (consumed, frame) = entry.filter.resync(keysDown: keys, switchesOn: switches, consumedDown: entry.held.down)
        for event in consumed {
            if let value = KeyValue(rawValue: event.value) { act(event.code, value, now, of: entry, into: &batch) }
        }
        if entry.hasHeadphoneSwitch, frame.contains(where: { EvdevDevice.isHeadphonesOut($0.type, $0.code, $0.value) }) {
            batch.unplugged.append(now)
        }
        entry.clone?.write(frame)
    }
}
