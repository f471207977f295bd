import Core
import Loop
import SystemFiles
import Time

#if canImport(Glibc)
import Glibc
#endif

/// The media devices of a directory (`/dev/input`): media keys and headset buttons read, a
/// headphone jack's switch followed, devices taken over, the seat followed, as devices come
/// and go. Each device is opened to see what it is (a copy is told from sysfs and not opened;
/// one that may not be opened is judged from sysfs), kept open only if it is read, and its keys
/// become events. An error on one device never stops the others. From a keyboard only media
/// keys are read; no other key code is kept or reported.
///
/// A device read is taken over where /dev/uinput can be written (MediaDevices+TakeOver.swift):
/// grabbed, with everything but the keys MediaRemote acts on passed to a clone, so a desktop
/// reading the same device never acts on those keys too. Without uinput a media device is read
/// shared, and a keyboard not at all.
///
/// What to open, read, take over, let go, retry or leave alone is ``DeviceTable``'s to decide,
/// a state machine with no I/O; this is its shell: it tells the table what happened, makes the
/// C calls the table asks for (libevdev, uinput, inotify, timers) and brings their answers back
/// (MediaDevices+Performing.swift). It knows nothing of the rules: what it reads goes out
/// through its callbacks.
public final class MediaDevices {
    /// What a person can configure has no default here: the configuration's are the only ones.
    public struct Options: Equatable, Sendable {
        /// Also read full keyboards (taken over, never shared: a desktop acts on their media keys).
        public var readKeyboards: Bool
        /// Read keyboards alone, taken over: mediaremote-inputd's devices (the session's own
        /// service reads the rest).
        public var keyboardsOnly = false
        /// Read only the devices of this seat (udev's `ID_SEAT`; seat0 when udev names none):
        /// mediaremote-inputd's, which gives keys to seat0's active session alone. Nil: any
        /// device this user may open (the session's service, whose seat's ACLs decide).
        public var seat: String?
        public var headsetTiming: HeadsetRecognizer.Timing
        public var directory = "/dev/input"
        /// Where clones of taken-over devices are made.
        public var uinput = DevicePaths.uinput
        /// logind's file for this user (`STATE=active` while one of its sessions has a seat);
        /// nil, or a folder that is not there (no logind), for no following of the seat.
        public var userStateFile: String? = "/run/systemd/users/\(getuid())"
        /// Devices to read even if they are keyboards (with media keys), and devices never to read: shell
        /// patterns on the device's name. Exclude wins.
        public var include: [String]
        public var exclude: [String]

        public init(readKeyboards: Bool, headsetTiming: HeadsetRecognizer.Timing, include: [String], exclude: [String]) {
            self.readKeyboards = readKeyboards
            self.headsetTiming = headsetTiming
            self.include = include
            self.exclude = exclude
        }
    }

    /// Each event a key made.
    public var onEvent: ((Event) -> Void)?
    /// Each key acted on, as it went, before the events it makes (``onEvent``); and, when its
    /// device closes, each such key still down, released.
    public var onMediaKey: ((MediaKey) -> Void)?
    /// Headphones pulled out of a jack: its device's name, its sound card (the kernel's number,
    /// when sysfs says), and when.
    public var onHeadphonesUnplugged: ((String, Int?, MonotonicInstant) -> Void)?
    /// Something a person should know, said once per device (no permission, a device lost).
    public var onNotice: ((String) -> Void)?
    /// The device list changed.
    public var onDevicesChanged: (() -> Void)?

    let loop: EventLoop
    let options: Options
    /// Which devices are read, taken over, let go, retried, and why not the others.
    var table: DeviceTable
    /// The devices open, by path: what the C calls need, and each one's reading state.
    var open: [String: OpenDevice] = [:]
    private var directory: DeviceDirectory?
    /// /dev/uinput, followed so that devices read shared for want of it are taken over as soon
    /// as it can be written (a rule installed, an ACL given).
    private var uinputNode: DeviceDirectory?
    /// logind's file for this user, followed (MediaDevices+Seat.swift).
    var seatWatch: DeviceDirectory?
    /// The table's waits, a timer each so that each says in its own words when it cannot be made;
    /// made for every kind of wait the table has, so none is left unarmed.
    private lazy var tableTimers: [DeviceTable.Wait: DeadlineTimer] = Dictionary(uniqueKeysWithValues: DeviceTable.Wait.allCases.map { wait in
        (wait, DeadlineTimer(loop: loop, onFailure: { [unowned self] error in self.timerFailed(wait, error) }) { [unowned self] in self.handle(.timePassed) })
    })
    /// One timer for every headset's next deadline.
    lazy var headsetTimer = DeadlineTimer(loop: loop, onFailure: { [unowned self] in
        // Without it a click-and-hold would be lost: said, not swallowed.
        self.onNotice?("cannot make the headset button's timer (\($0)): a click held is not told from a click until the next press")
    }) { [unowned self] in self.headsetDeadline() }

    public init(loop: EventLoop, options: Options) {
        self.loop = loop
        self.options = options
        table = DeviceTable(choice: DeviceChoice(options))
    }

    /// Starts following the directory and reads the devices already there.
    public func start() throws(DeviceError) {
        directory = try DeviceDirectory(directory: options.directory, loop: loop) { [unowned self] change in
            switch change {
            case .appeared(let path): self.handle(.appeared(path))
            case .disappeared(let path): self.handle(.disappeared(path))
            }
        }
        followSeat()
        for path in directory?.scan() ?? [] { handle(.appeared(path)) }
        uinputNode = try? DeviceDirectory(file: options.uinput, loop: loop) { [unowned self] change in
            if case .appeared = change { self.handle(.uinputChanged) }
        }
    }

    /// Stops reading: every device is closed as if it went away (its held seeks end) and the
    /// directory is no longer followed.
    public func stop() {
        directory = nil
        uinputNode = nil
        seatWatch = nil
        handle(.stopped)
        for timer in tableTimers.values { timer.cancel() }
        headsetTimer.cancel()
    }

    /// Every device seen, read or not, in path order.
    public var devices: [DeviceInfo] { table.devices }

    /// The accelerometers among the devices, by path: classified here, never read here
    /// (``MotionInput`` opens them while motion is claimed).
    public var accelerometers: [String] { table.accelerometers }

    /// Tells the table what happened, carries out what it asks (and what the answers ask in
    /// turn), arms its timers, and tells of a changed device list once.
    func handle(_ event: DeviceTable.Event) {
        let changed = DeviceTable.run(event, apply: { self.table.apply($0, at: MonotonicClock.now) }, perform: perform)
        for (wait, timer) in tableTimers { timer.arm(at: table.due(wait)) }
        if changed { onDevicesChanged?() }
    }

    private func timerFailed(_ wait: DeviceTable.Wait, _ error: LoopError) {
        switch wait {
        case .grabRetry:
            onNotice?("cannot make the timer that tries a grab again (\(error)): a device back from another session is not retried")
        case .seatLook:
            onNotice?("cannot make the timer that waits for udev to name a keyboard's seat (\(error)): a keyboard just plugged in is read when it next changes")
        case .keysUp:
            onNotice?("cannot make the timer that ends the wait for keys up (\(error)): a key held for good holds its device up")
        case .notice:
            // No timer to wait for udev with: said now rather than never.
            handle(.noticeTimerFailed)
        }
    }
}
