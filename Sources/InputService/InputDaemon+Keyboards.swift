import DBus
import DBusTypes
import Input
import Loop
import MediaRemoteAPI
import SystemFiles
import Time

/// The keyboards, read while a claim holds the keys: taken over by the Input module's device
/// table as the session's service takes over its devices, with only the media keys it acts on
/// sent, to the holder alone.
extension InputDaemon {
    /// Reads every keyboard, taken over; media devices are the session's own to read.
    func startReading() {
        guard keyboards == nil else { return }
        var keys = MediaDevices.Options(
            readKeyboards: true,
            // The session's service makes gestures of a headset button's presses with its own
            // timing; these only make the Input module's events, which go nowhere here.
            headsetTiming: HeadsetRecognizer.Timing(clickGap: .milliseconds(400), holdThreshold: .milliseconds(600)),
            include: [], exclude: [])
        keys.keyboardsOnly = true
        // The claims follow seat0's active session (LogindFiles): another seat's keyboard is
        // that seat's desktop's, never given to seat0's person.
        keys.seat = LogindFiles.seat
        keys.directory = options.inputDirectory
        keys.uinput = options.uinput
        // The seat is followed here, through the claims: not as this process's user.
        keys.userStateFile = nil
        let devices = MediaDevices(loop: loop, options: keys)
        devices.onMediaKey = { [unowned self] key in self.send(key) }
        devices.onNotice = { Log.warning($0) }
        // Known before the devices are: each change while they are first read is told once,
        // with the list so far, not as an empty one.
        keyboards = devices
        devices.onDevicesChanged = { [unowned self] in
            self.logChanges()
            self.tellEveryClaim()
        }
        do {
            try devices.start()
        } catch {
            keyboards = nil
            Log.warning("\(error.description): no keyboard is read")
        }
    }

    /// The keyboards seen, read or not: what the claims are told (the other devices are the
    /// session's own, which it lists itself).
    var keyboardsSeen: [MediaDevices.DeviceInfo] {
        (keyboards?.devices ?? []).filter { $0.classification == .keyboard }
    }

    /// Lets every keyboard go: ungrabbed, its clone removed, the desktop reads it again.
    func stopReading() {
        guard let devices = keyboards else { return }
        devices.onDevicesChanged = nil
        let read = keyboardsSeen.count(where: \.isRead)
        devices.stop()
        keyboards = nil
        logged.forget()
        if read > 0 { Log.info("let \(read) keyboard\(read == 1 ? "" : "s") go") }
    }

    /// A media key, to the claim holding the keys, and to nobody else.
    func send(_ key: MediaKey) {
        guard let holder else { return }
        let id = KeyID(device: key.device, code: key.code)
        if key.pressed { down[id] = key } else if down.removeValue(forKey: id) == nil { return }
        emit(key, to: holder)
    }

    /// The keys held down, sent released to the claim that saw them pressed: the keys are
    /// changing hands, or the keyboards are let go.
    func releaseDownKeys() {
        guard let holder, !down.isEmpty else {
            down = [:]
            return
        }
        let now = MonotonicClock.now
        for key in down.values.sorted(by: { ($0.device, $0.code) < ($1.device, $1.code) }) {
            emit(MediaKey(device: key.device, name: key.name, code: key.code, pressed: false, time: now), to: holder)
        }
        down = [:]
    }

    private func emit(_ key: MediaKey, to holder: BusName) {
        let body = MediaKeySignal(device: key.device, name: key.name, timestamp: key.time.microseconds, code: key.code, pressed: key.pressed)
        do {
            try connection.emit(InputServiceMembers.mediaKey, body, of: InputServiceNames.interface, at: InputServiceNames.objectPath, to: holder)
        } catch {
            Log.warning("cannot send a media key to \(holder): \(error.message)")
        }
    }

    /// One line per keyboard that appeared or changed (read or not, and why), or went; never a key.
    private func logChanges() {
        let (changed, gone) = logged.changes(keyboardsSeen)
        for keyboard in changed {
            Log.info("keyboard \(keyboard.path) (\(keyboard.name)): " + (keyboard.isRead ? "taken over" : "not read: \(keyboard.reason)"))
        }
        for path in gone { Log.info("keyboard \(path) went away") }
    }
}
