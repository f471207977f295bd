import Loop
import Time

#if canImport(Glibc)
import Glibc
#endif

/// Taking a device over, as keyd, input-remapper and evremap do: grabbed (EVIOCGRAB), so that
/// nobody else reads it, and everything MediaRemote does not act on written to a uinput clone
/// with the same capabilities, so the desktop sees the device as before minus its media keys.
/// The C calls in their order; what follows from how they went is the table's
/// (DeviceTable+TakeOver.swift).
extension MediaDevices {
    /// Takes `entry`'s device over, unless a key of it is held (and `evenWithKeysDown` is
    /// false); how that went.
    func takeOver(_ entry: OpenDevice, evenWithKeysDown: Bool) -> DeviceTable.TakeOver {
        let uinput: Int32
        do {
            uinput = try UInputClone.openUInput(options.uinput)
        } catch {
            return .noClone(because: error.description)
        }
        // A key held now went down for the desktop: grabbed, its release would reach only the
        // clone, which never pressed it, and the desktop would hold it for good.
        if !evenWithKeysDown, entry.device.anyKeyDown {
            close(uinput)
            return .keysDown
        }
        // What the device says from here on is the clone's to pass on; what it said before,
        // the desktop has read already.
        entry.takenOverSince = MonotonicClock.now
        let grabbed = entry.device.grab()
        guard grabbed == 0 else {
            close(uinput)
            return grabbed == EBUSY ? .grabHeld : .cannotGrab(because: "cannot grab it: \(String(cString: strerror(grabbed)))")
        }
        // Pressed between the look and the grab: let go, and wait for it to come up.
        if !evenWithKeysDown, entry.device.anyKeyDown {
            entry.device.ungrab()
            close(uinput)
            return .keysDown
        }
        do {
            let clone = try UInputClone(of: entry.device, uinput: uinput, loop: loop)
            entry.clone = clone
            entry.filter.cloneMade(switchesOn: clone.switchesOn)
            return .tookOver(clone: clone.node ?? "")
        } catch {
            entry.device.ungrab()
            return .noClone(because: error.description)
        }
    }
}
