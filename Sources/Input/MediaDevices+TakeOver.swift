import Loop
import Time

#if canImport(Glibc)
import Glibc
#endif

/// Taking a device over, as keyd, input-remapper and evremap do: grabbed (EVIOCGRAB), so that
/// nobody else reads it, and everything MediaRemote does not act on written to a uinput clone
/// with the same capabilities, so the desktop sees the device as before minus its media keys.
extension MediaDevices {
    /// How long a device waits for its keys to come up before it is taken over anyway, its held
    /// keys released on the device itself (every reader, the desktop included, sees them come
    /// up): longer than anyone holds a key while a device appears or the service starts, short
    /// enough that a key stuck down for good (a firmware fault, a latching key) costs seconds.
    static let longestWait: Duration = .seconds(5)

    /// Takes `entry`'s device over; or waits for its keys to be released first (unless it has
    /// waited the longest wait); or, without /dev/uinput, reads a media device shared and drops
    /// a keyboard.
    func takeOver(_ entry: OpenDevice, evenWithKeysDown: Bool = false) {
        let uinput: Int32
        do {
            uinput = try UInputClone.openUInput(options.uinput)
        } catch {
            return cannotTakeOver(entry, because: error.description, withoutUInput: true)
        }
        // A key held now went down for the desktop: grabbed, its release would reach only the
        // clone, which never pressed it, and the desktop would hold it for good.
        if !evenWithKeysDown, entry.device.anyKeyDown {
            close(uinput)
            return waitForKeysUp(entry)
        }
        // What the device says from here on is the clone's to pass on; what it said before,
        // the desktop has read already.
        entry.takenOverSince = MonotonicClock.now
        let grabbed = entry.device.grab()
        guard grabbed == 0 else {
            close(uinput)
            if grabbed == EBUSY {
                let path = entry.path
                let why = choice.grabHeld(triesSoFar: grabRetries[path])
                // Back from another session, whose MediaRemote may not have let go yet: tried
                // again each second, a few times.
                if why == .grabStillHeld {
                    grabRetries[path, default: 0] += 1
                    drop(entry, because: why)
                    return retryGrab(path)
                }
                grabRetries[path] = nil
                drop(entry, because: why)
                // A copy of it that was left alone because this device was read is now the way in.
                for (path, original) in copies where original == entry.name {
                    skipped[path] = nil
                    copies[path] = nil
                    consider(path)
                }
                return
            }
            return cannotTakeOver(entry, because: "cannot grab it: \(String(cString: strerror(grabbed)))", withoutUInput: false)
        }
        grabRetries[entry.path] = nil
        // Pressed between the look and the grab: let go, and wait for it to come up.
        if !evenWithKeysDown, entry.device.anyKeyDown {
            entry.device.ungrab()
            close(uinput)
            return waitForKeysUp(entry)
        }
        do {
            let clone = try UInputClone(of: entry.device, uinput: uinput, loop: loop)
            entry.clone = clone
            entry.reading = .takenOver(clone: clone.node ?? "")
        } catch {
            entry.device.ungrab()
            cannotTakeOver(entry, because: error.description, withoutUInput: true)
        }
    }

    /// Leaves the device at `path` alone if it is a copy not to open (PassthroughIdentity), and
    /// says whether it did: our own clones always (known by their nodes too, whatever sysfs
    /// says), unlisted; another program's while MediaRemote reads its original, which carries
    /// the same keys, listed as not read. Read when another program holds the original (a
    /// passthrough that grabs a device and copies it under its name).
    func leaveAloneIfCopy(_ path: String) -> Bool {
        copies[path] = nil
        let decision = choice.beforeOpening(
            isOurClone: open.values.contains { $0.clone?.node == path },
            identity: SysfsCapabilities.deviceNumber(of: path).map { PassthroughIdentity.of($0) } ?? .original,
            namesRead: Set(open.values.map(\.name)))
        switch decision {
        case .open:
            return false
        case .ignored:
            return true
        case .copy(let original):
            copies[path] = original
            skipped[path] = DeviceInfo(path: path, name: original, classification: .other, state: .notRead(.copy(of: original)))
            onDevicesChanged?()
            return true
        }
    }

    /// Considers the device at `path` again a second from now (with every other waiting so).
    private func retryGrab(_ path: String) {
        pendingGrabRetries.insert(path)
        if !grabRetryTimer.isArmed { grabRetryTimer.arm(at: MonotonicClock.now + .seconds(1)) }
    }

    /// The devices waiting for a grab to be tried again, considered again.
    func retryGrabs() {
        let paths = pendingGrabRetries
        pendingGrabRetries = []
        for path in paths.sorted() where skipped[path] != nil && open[path] == nil {
            skipped[path] = nil
            consider(path)
        }
        onDevicesChanged?()
    }

    /// Marks `entry` as waiting for its keys to come up (its reads take it over once they are),
    /// and arms the timer that ends the longest wait.
    private func waitForKeysUp(_ entry: OpenDevice) {
        // A device that waits again after a look at the grab keeps the time it began waiting.
        if case .waitingForKeysUp = entry.reading { return }
        entry.reading = .waitingForKeysUp(since: MonotonicClock.now)
        armWaitTimer()
    }

    /// Since when each device waiting for its keys to come up has waited.
    private var waitingSince: [(OpenDevice, MonotonicInstant)] {
        open.values.compactMap { entry in
            if case .waitingForKeysUp(let since) = entry.reading { return (entry, since) }
            return nil
        }
    }

    private func armWaitTimer() {
        waitTimer.arm(at: waitingSince.map(\.1).min().map { $0 + Self.longestWait })
    }

    /// Devices that waited the longest wait: their held keys are released on the device, and
    /// they are taken over.
    func longestWaitEnded() {
        let now = MonotonicClock.now
        for (entry, since) in waitingSince where since + Self.longestWait <= now {
            // Released where the device can be written; taken over either way.
            entry.device.releaseHeldKeys()
            takeOver(entry, evenWithKeysDown: true)
            onDevicesChanged?()
        }
        armWaitTimer()
    }

    /// /dev/uinput appeared or its permissions changed: the devices read shared for want of it,
    /// and the keyboards left unread for want of it, are taken over if it can be written now.
    func uinputChanged() {
        var changed = false
        for entry in open.values {
            guard case .shared(_, withoutUInput: true) = entry.reading else { continue }
            takeOver(entry)
            changed = true
        }
        for path in awaitingUInput.sorted() {
            skipped[path] = nil
            awaitingUInput.remove(path)
            consider(path)
            changed = true
        }
        if changed { onDevicesChanged?() }
    }

    /// Without a clone, a media device is read shared (a desktop reading it acts on its keys
    /// too: the service says so, with the fix); a keyboard is not read at all (``DeviceChoice``).
    private func cannotTakeOver(_ entry: OpenDevice, because reason: String, withoutUInput: Bool) {
        switch choice.withoutTakeOver(entry.classification, because: reason, withoutUInput: withoutUInput) {
        case .notRead(let why):
            drop(entry, because: why)
            if withoutUInput { awaitingUInput.insert(entry.path) }
        case .read(let reading):
            entry.reading = reading
        }
    }

    private func drop(_ entry: OpenDevice, because why: NotRead) {
        let path = entry.path
        entry.source?.cancel()
        open[path] = nil
        skipped[path] = DeviceInfo(path: path, name: entry.name, classification: entry.classification, state: .notRead(why))
    }
}
