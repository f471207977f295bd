import Loop
import Time

#if canImport(Glibc)
import Glibc
#endif

/// The table's actions carried out: the C calls, each answer brought back as the table's event.
extension MediaDevices {
    /// Does `action`; its answer, for the actions that have one.
    func perform(_ action: DeviceTable.Action) -> DeviceTable.Event? {
        switch action {
        case .checkReadable(let path):
            return .readable(path, access(path, R_OK) == 0)
        case .identify(let path):
            return .identified(path, SysfsCapabilities.deviceNumber(of: path).map { PassthroughIdentity.of($0) } ?? .original)
        case .open(let path):
            return openDevice(path)
        case .describe(let path, let error):
            let number = SysfsCapabilities.deviceNumber(of: path)
            return .described(
                path, error, sysfs: number.flatMap { SysfsCapabilities.read($0) },
                udev: number.map { UdevProperties.read(major: $0.major, minor: $0.minor) } ?? [:])
        case .watch(let path):
            return open[path].map(watch)
        case .takeOver(let path):
            return open[path].map { .takeOverEnded(path, takeOver($0, evenWithKeysDown: false)) }
        case .takeOverReleasingKeys(let path):
            guard let entry = open[path] else { return nil }
            // Released where the device can be written; taken over either way.
            entry.device.releaseHeldKeys()
            return .takeOverEnded(path, takeOver(entry, evenWithKeysDown: true))
        case .close(let path):
            closeDevice(path)
        case .tell(let notice):
            onNotice?(notice)
        case .devicesChanged:
            break
        }
        return nil
    }

    /// Opens the node to see what it is; kept open until the table says whether it is read.
    private func openDevice(_ path: String) -> DeviceTable.Event {
        let device: EvdevDevice
        do {
            device = try EvdevDevice(path: path)
        } catch {
            return .openFailed(path, error)
        }
        let capabilities = device.capabilities
        open[path] = OpenDevice(device: device, capabilities: capabilities, headsetTiming: options.headsetTiming)
        guard options.seat != nil else { return .opened(path, phys: device.phys, capabilities: capabilities) }
        return .opened(path, phys: device.phys, capabilities: capabilities, seat: seat(of: path))
    }

    /// The seat udev gave the node (`ID_SEAT`), seat0 when it names none, as logind takes it;
    /// nil while udev runs and has no entry for it yet (just plugged in: still at work on it).
    private func seat(of path: String) -> String? {
        guard let number = SysfsCapabilities.deviceNumber(of: path) else { return DeviceChoice.defaultSeat }
        guard let properties = UdevProperties.entry(major: number.major, minor: number.minor) else {
            return access(UdevProperties.control, F_OK) == 0 ? nil : DeviceChoice.defaultSeat
        }
        let seat = properties["ID_SEAT"] ?? ""
        return seat.isEmpty ? DeviceChoice.defaultSeat : seat
    }

    /// Reads the device from now on, on the loop.
    private func watch(_ entry: OpenDevice) -> DeviceTable.Event {
        let path = entry.path
        do {
            // A device has a clone from its take-over to its close: each keystroke of a taken-over
            // keyboard goes straight to its reading, with no lookup.
            entry.source = try loop.watch(fd: entry.device.fd) { [unowned self, unowned entry] _ in
                if entry.clone != nil { self.readTakenOver(entry) } else { self.readPending(path) }
            }
        } catch {
            return .watchFailed(path, error)
        }
        if entry.hasHeadphoneSwitch { entry.soundCard = SysfsCapabilities.soundCard(ofNode: path) }
        return .watched(path)
    }

    /// Closes the device: no longer read, ungrabbed and its clone removed (the device's deinit),
    /// and the keys, seeks and clicks it held ended.
    func closeDevice(_ path: String) {
        guard let entry = open.removeValue(forKey: path) else { return }
        entry.source?.cancel()
        entry.clone = nil
        let now = MonotonicClock.now
        tell(entry.releaseHeld(at: now), entry.keys.deviceRemoved(at: now))
    }
}
