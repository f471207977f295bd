import Time

/// A node's way in: looked at in sysfs (a copy is never opened), opened to see what it is,
/// listed with why when it is not read, watched when it is; and its way out.
extension DeviceTable {
    /// A node appeared or changed. One read: udev changes a node's ACL as the seat's sessions
    /// change (logind's uaccess), so its readability is asked. One of our clones: nothing.
    /// Any other: looked at again from the start.
    mutating func appeared(_ path: String) -> [Action] {
        if listed[path]?.isRead == true { return [.checkReadable(path)] }
        if isOurClone(path) { return [] }
        return [.identify(path)]
    }

    /// Whether the node is one of the clones of devices taken over (known by their nodes,
    /// whatever sysfs says).
    func isOurClone(_ path: String) -> Bool {
        listed.values.contains { $0.reading == .takenOver(clone: path) }
    }

    /// Before opening: a copy is left alone (``DeviceChoice/beforeOpening(isOurClone:identity:namesRead:)``):
    /// our own clones unlisted; another program's while its original is read, listed as not read.
    mutating func identified(_ path: String, _ identity: PassthroughIdentity) -> [Action] {
        copies[path] = nil
        let namesRead = Set(listed.values.filter(\.isRead).map(\.name) + opening.values.map(\.name))
        switch choice.beforeOpening(isOurClone: isOurClone(path), identity: identity, namesRead: namesRead) {
        case .ignored:
            seatLooks[path] = nil
            return []
        case .copy(let original):
            seatLooks[path] = nil
            copies[path] = original
            listed[path] = MediaDevices.DeviceInfo(path: path, name: original, classification: .other, state: .notRead(.copy(of: original)))
            return []
        case .open:
            awaitingUInput.remove(path)
            return [.open(path)]
        }
    }

    /// A device opened: read (watched), or closed and listed with why not.
    mutating func opened(_ path: String, phys: String, _ capabilities: DeviceCapabilities, seat: String?, at now: MonotonicInstant) -> [Action] {
        // udev has not named its seat yet: waited for only if it would be read on the seat read.
        if seat == nil, let only = choice.seat,
            choice.opened(phys: phys, capabilities: capabilities, seat: only, seatAway: seatAway) == .read,
            awaitSeat(path, at: now) {
            return [.close(path)]
        }
        seatLooks[path] = nil
        // Back from another session: another session's MediaRemote may still hold its grab.
        if letGoForSession.remove(path) != nil { grabRetries[path] = 0 }
        notices.forget(path)
        let classification = capabilities.classification
        switch choice.opened(phys: phys, capabilities: capabilities, seat: seat ?? DeviceChoice.defaultSeat, seatAway: seatAway) {
        case .ignored:
            // Ours, though sysfs did not say so: closed, and not listed.
            return [.close(path)]
        case .notRead(.anotherSession):
            return [.close(path)] + markSeatLost(path, capabilities.name, classification)
        case .notRead(let why):
            listed[path] = MediaDevices.DeviceInfo(path: path, name: capabilities.name, classification: classification, state: .notRead(why))
            return [.close(path)]
        case .read:
            opening[path] = (capabilities.name, classification)
            return [.watch(path)]
        }
    }

    /// A device read from now on: taken over; a headphone jack's switch read shared, as nobody
    /// else acts on it, so there is nothing to take over.
    mutating func watched(_ path: String) -> [Action] {
        guard let device = opening[path] else { return [] }
        guard device.classification == .headphoneJack else { return [.takeOver(path)] }
        opening[path] = nil
        let reading = MediaDevices.Reading.shared(because: "a headphone jack's switch, which nobody else acts on", withoutUInput: false)
        listed[path] = MediaDevices.DeviceInfo(path: path, name: device.name, classification: device.classification, state: .read(reading))
        return []
    }

    /// A node that could not be opened, listed with why. What sysfs and udev say of it is asked
    /// only if the choice comes to it.
    mutating func openFailed(_ path: String, _ error: DeviceError, at now: MonotonicInstant) -> [Action] {
        seatLooks[path] = nil
        guard let decision = choice.unopenedBeforeSysfs(error, letGoForSession: letGoForSession.contains(path), listed: listed[path]) else {
            return [.describe(path, error)]
        }
        return unopened(path, decision, at: now)
    }

    mutating func described(
        _ path: String, _ error: DeviceError, _ sysfs: DeviceCapabilities?, _ udev: [String: String], at now: MonotonicInstant
    ) -> [Action] {
        unopened(path, choice.unopenedFromSysfs(error, sysfs: sysfs, udev: udev), at: now)
    }

    /// A device that would be read, but may not be opened, is warned of once, if it stays
    /// unreadable past udev's moment (``PermissionNotices``).
    private mutating func unopened(_ path: String, _ decision: DeviceChoice.Unopened, at now: MonotonicInstant) -> [Action] {
        switch decision {
        case .unchanged:
            return []
        case .notRead(let name, let classification, .anotherSession):
            return markSeatLost(path, name, classification)
        case .notRead(let name, let classification, let why):
            listed[path] = MediaDevices.DeviceInfo(path: path, name: name, classification: classification, state: .notRead(why))
            guard case .noPermission(let error, let fix) = why else { return [] }
            let message = error.description + (name.isEmpty ? "" : " (\(name))") + "; " + fix
            return notices.warnLater(path, message, at: now).map { [.tell($0)] } ?? []
        }
    }

    /// A device opened and to be read that is not read after all, and why: closed, and listed.
    mutating func notRead(_ path: String, because why: MediaDevices.NotRead) -> [Action] {
        guard let device = opening.removeValue(forKey: path) ?? listed[path].map({ ($0.name, $0.classification) }) else { return [] }
        listed[path] = MediaDevices.DeviceInfo(path: path, name: device.name, classification: device.classification, state: .notRead(why))
        return [.close(path)]
    }

    /// Lists the device as another session's, to be read again when this session has the seat.
    mutating func markSeatLost(_ path: String, _ name: String, _ classification: DeviceClass) -> [Action] {
        letGoForSession.insert(path)
        listed[path] = MediaDevices.DeviceInfo(path: path, name: name, classification: classification, state: .notRead(.anotherSession))
        return []
    }

    /// The device went away (or broke): closed if it was open (its held keys end), forgotten.
    mutating func remove(_ path: String) -> [Action] {
        let wasOpen = listed.removeValue(forKey: path)?.isRead == true || opening.removeValue(forKey: path) != nil
        copies[path] = nil
        letGoForSession.remove(path)
        grabRetries[path] = nil
        seatLooks[path] = nil
        awaitingUInput.remove(path)
        notices.forget(path)
        return wasOpen ? [.close(path)] : []
    }

    /// Reading the device failed: said, with the device's name, and it is closed and forgotten.
    mutating func readFailed(_ path: String, _ error: DeviceError) -> [Action] {
        guard let device = listed[path], device.isRead else { return [] }
        return [.tell("\(device.name) (\(path)) stopped working: \(error.description); the other devices go on")] + remove(path)
    }
}
