import Time

/// Taking a device over, as keyd, input-remapper and evremap do (the shell grabs it and makes
/// its clone): what follows from how that went. A key held waits for its release (or the longest
/// wait); no clone reads a media device shared and leaves a keyboard unread until /dev/uinput
/// can be written; a grab held is retried a few times when the device is back from another
/// session, and is another program's otherwise.
extension DeviceTable {
    mutating func takeOverEnded(_ path: String, _ result: TakeOver, at now: MonotonicInstant) -> [Action] {
        guard let device = opening[path] ?? listed[path].map({ ($0.name, $0.classification) }) else { return [] }
        switch result {
        case .tookOver(let clone):
            grabRetries[path] = nil
            return read(path, device, .takenOver(clone: clone))
        case .keysDown:
            // A device that waits again after a look at the grab keeps the time it began waiting.
            if case .waitingForKeysUp = listed[path]?.reading { return [] }
            return read(path, device, .waitingForKeysUp(since: now))
        case .noClone(let reason):
            return withoutTakeOver(path, device, because: reason, withoutUInput: true)
        case .cannotGrab(let reason):
            return withoutTakeOver(path, device, because: reason, withoutUInput: false)
        case .grabHeld:
            let why = choice.grabHeld(triesSoFar: grabRetries[path])
            // Back from another session, whose MediaRemote may not have let go yet: tried again
            // each second, a few times.
            if why == .grabStillHeld {
                grabRetries[path, default: 0] += 1
                pendingGrabRetries.insert(path)
                if grabRetryDue == nil { grabRetryDue = now + Self.grabRetryInterval }
                return notRead(path, because: why)
            }
            grabRetries[path] = nil
            // A copy of it that was left alone because this device was read is now the way in.
            let copiesOfIt = copies.filter { $0.value == device.name }.keys.sorted()
            for copy in copiesOfIt {
                listed[copy] = nil
                copies[copy] = nil
            }
            return notRead(path, because: why) + copiesOfIt.map(Action.identify)
        }
    }

    /// Listed as read, so.
    private mutating func read(_ path: String, _ device: (name: String, classification: DeviceClass), _ reading: MediaDevices.Reading) -> [Action] {
        opening[path] = nil
        listed[path] = MediaDevices.DeviceInfo(path: path, name: device.name, classification: device.classification, state: .read(reading))
        return []
    }

    /// Without a clone, a media device is read shared (a desktop reading it acts on its keys
    /// too: the service says so, with the fix); a keyboard is not read at all (``DeviceChoice``),
    /// and, for want of /dev/uinput, waits for it.
    private mutating func withoutTakeOver(
        _ path: String, _ device: (name: String, classification: DeviceClass), because reason: String, withoutUInput: Bool
    ) -> [Action] {
        switch choice.withoutTakeOver(device.classification, because: reason, withoutUInput: withoutUInput) {
        case .notRead(let why):
            if withoutUInput { awaitingUInput.insert(path) }
            return notRead(path, because: why)
        case .read(let reading):
            return read(path, device, reading)
        }
    }

    /// The devices waiting for a grab to be tried again, looked at again from the start.
    mutating func retryGrabs() -> [Action] {
        let paths = pendingGrabRetries.sorted()
        pendingGrabRetries = []
        return paths.filter { listed[$0]?.isRead == false }.map { path in
            listed[path] = nil
            return .identify(path)
        }
    }

    /// Since when each device waiting for its keys to come up has waited, in path order.
    var waitingSince: [(path: String, since: MonotonicInstant)] {
        listed.values.compactMap { device in
            if case .waitingForKeysUp(let since) = device.reading { return (device.path, since) }
            return nil
        }.sorted { $0.path < $1.path }
    }

    /// A device waiting with no key down now: taken over.
    mutating func keysUp(_ path: String) -> [Action] {
        guard case .waitingForKeysUp = listed[path]?.reading else { return [] }
        return [.takeOver(path)]
    }

    /// Devices that waited the longest wait: their held keys are released on the device, and
    /// they are taken over.
    mutating func longestWaitEnded(at now: MonotonicInstant) -> [Action] {
        waitingSince.filter { $0.since + Self.longestWait <= now }.map { .takeOverReleasingKeys($0.path) }
    }

    /// /dev/uinput appeared or its permissions changed: the devices read shared for want of it
    /// are taken over, and the keyboards left unread for want of it looked at again.
    mutating func uinputChanged() -> [Action] {
        let shared = devices.filter { $0.reading.map { if case .shared(_, withoutUInput: true) = $0 { true } else { false } } ?? false }
        let awaiting = awaitingUInput.sorted()
        awaitingUInput = []
        for path in awaiting { listed[path] = nil }
        return shared.map { .takeOver($0.path) } + awaiting.map(Action.identify)
    }
}
