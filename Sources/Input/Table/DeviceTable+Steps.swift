import Loop

extension DeviceTable {
    /// What happened: the directory's word, the seat's, uinput's, the clock's, or the answer to
    /// one of the table's own ``Action``s (each says which).
    enum Event: Equatable, Sendable {
        /// A node appeared, or changed (udev sets its permissions, moves its ACL), or was found
        /// at start.
        case appeared(String)
        case disappeared(String)
        /// Answers ``Action/checkReadable(_:)``: whether this user may read the node now.
        case readable(String, Bool)
        /// Answers ``Action/identify(_:)``: what sysfs says the node is (a copy, or not).
        case identified(String, PassthroughIdentity)
        /// Answers ``Action/open(_:)``: opened, what it is, and its seat (udev's `ID_SEAT`, asked
        /// only where the choice reads one seat; nil while udev has not named it yet).
        case opened(String, phys: String, capabilities: DeviceCapabilities, seat: String? = DeviceChoice.defaultSeat)
        case openFailed(String, DeviceError)
        /// Answers ``Action/describe(_:_:)``: what sysfs and udev say of a node that could not be
        /// opened (nil: sysfs cannot say).
        case described(String, DeviceError, sysfs: DeviceCapabilities?, udev: [String: String])
        /// Answers ``Action/watch(_:)``.
        case watched(String)
        case watchFailed(String, LoopError)
        /// Answers ``Action/takeOver(_:)`` and ``Action/takeOverReleasingKeys(_:)``.
        case takeOverEnded(String, TakeOver)
        /// A device waiting for its keys to come up has none down now.
        case keysUp(String)
        /// Reading a device failed (unplugged, broken): it stopped working.
        case readFailed(String, DeviceError)
        /// logind's word on this user: one of its sessions has the seat (`active`), or not.
        case seat(active: Bool)
        /// /dev/uinput appeared, or its permissions changed.
        case uinputChanged
        /// The time came for ``DeviceTable/deadline`` (or any time after it).
        case timePassed
        /// No timer could be made to wait for udev: warnings are said at once.
        case noticeTimerFailed
        /// The shell stops: every device closed, nothing kept.
        case stopped
    }

    /// How a take-over ended (the shell's grab and clone, in that order).
    enum TakeOver: Equatable, Sendable {
        /// Grabbed, its clone made: the clone's node.
        case tookOver(clone: String)
        /// A key is held (before the grab, or pressed between the look and the grab): not grabbed.
        case keysDown
        /// No clone can be made (no /dev/uinput to write, or it refused the device): why.
        case noClone(because: String)
        /// Someone else holds its grab (EBUSY).
        case grabHeld
        /// The grab failed otherwise: why.
        case cannotGrab(because: String)
    }

    /// What the shell does, in order. An action whose answer the table waits for (named with
    /// its ``Event``) is the last one for its device in a list.
    enum Action: Equatable, Sendable {
        /// Asks whether this user may still read the node of a device read: ``Event/readable(_:_:)``.
        case checkReadable(String)
        /// Asks sysfs what the node is: ``Event/identified(_:_:)``.
        case identify(String)
        /// Opens the node to see what it is: ``Event/opened(_:phys:capabilities:)`` or ``Event/openFailed(_:_:)``.
        case open(String)
        /// Asks sysfs and udev about a node that could not be opened: ``Event/described(_:_:sysfs:udev:)``.
        case describe(String, DeviceError)
        /// Reads the device opened (on the loop): ``Event/watched(_:)`` or ``Event/watchFailed(_:_:)``.
        case watch(String)
        /// Grabs the device and makes its clone, unless a key is held: ``Event/takeOverEnded(_:_:)``.
        case takeOver(String)
        /// Releases the keys held on the device itself, then takes it over whatever is held.
        case takeOverReleasingKeys(String)
        /// Closes the device: ungrabbed, its clone removed, the keys it held ended.
        case close(String)
        /// Something a person should know.
        case tell(String)
        /// ``DeviceTable/devices`` changed.
        case devicesChanged
    }
}
