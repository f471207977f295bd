import Time

/// Which input devices are opened, read, taken over, let go, retried or left alone, and why not
/// the others: ``MediaDevices``' decisions as a state machine, in swift-nio's way, with the
/// time passed in, as keyd's. It takes what happened (``Event``: a node appeared, the seat
/// changed, the answer to one of its actions) with the time, and returns what to do
/// (``Action``: open, watch, take over, close, tell); the shell makes the C calls and brings
/// each answer back. The next moment it needs the time comes out as ``deadline``. What is read
/// or not, and why, is ``DeviceChoice``'s word; the table keeps what it decided and follows it
/// through. No I/O, no clock.
struct DeviceTable: Sendable {
    /// How long a device waits for its keys to come up before it is taken over anyway, its held
    /// keys released on the device itself (every reader, the desktop included, sees them come
    /// up): longer than anyone holds a key while a device appears or the service starts, short
    /// enough that a key stuck down for good (a firmware fault, a latching key) costs seconds.
    static let longestWait: Duration = .seconds(5)
    /// How long after its grab was found held a device back from another session is tried again.
    static let grabRetryInterval: Duration = .seconds(1)

    let choice: DeviceChoice
    /// Every device seen and settled, read or not, by path.
    var listed: [String: MediaDevices.DeviceInfo] = [:]
    /// Devices opened and to be read, not settled yet (watched, or tried for a take-over).
    var opening: [String: (name: String, classification: DeviceClass)] = [:]
    /// Keyboards left unread for want of /dev/uinput: considered again when it can be written.
    var awaitingUInput: Set<String> = []
    /// Copies of devices read, left unread, by the original's name: considered again when that
    /// original is taken by another program.
    var copies: [String: String] = [:]
    /// Devices let go because the seat went to another session: unreadable until it comes back,
    /// which is no fault to warn of.
    var letGoForSession: Set<String> = []
    /// Devices back from another session, with how often their grab was found held since (that
    /// session's MediaRemote letting go as the seat changes hands): tried again each second, a
    /// few times, before the grab is taken for another program's.
    var grabRetries: [String: Int] = [:]
    var pendingGrabRetries: Set<String> = []
    var grabRetryDue: MonotonicInstant?
    /// This user has had the seat since the table started, and another has it now.
    var seatAway = false
    var hadSeat = false
    /// Nodes udev has not named a seat for yet (just plugged in: udev is still at work on them),
    /// where one seat is read, with when they were first looked at; looked at again shortly.
    var seatLooks: [String: MonotonicInstant] = [:]
    var seatLookDue: MonotonicInstant?
    var notices = PermissionNotices()

    init(choice: DeviceChoice) {
        self.choice = choice
    }

    /// Every device seen, read or not, in path order (event2 before event10).
    var devices: [MediaDevices.DeviceInfo] {
        listed.values.sorted { $0.path.count != $1.path.count ? $0.path.count < $1.path.count : $0.path < $1.path }
    }

    /// How the device at `path` is read; nil when it is not.
    func reading(of path: String) -> MediaDevices.Reading? { listed[path]?.reading }

    /// The accelerometers among the devices, by path: classified here, never read here
    /// (``MotionInput`` opens them while motion is claimed).
    var accelerometers: [String] {
        listed.values.filter {
            $0.classification == .accelerometer && !$0.lacksPermission && !choice.isExcluded($0.name) && !letGoForSession.contains($0.path)
        }.map(\.path).sorted()
    }

    /// What the table may wait for: each its own timer in the shell, armed at ``due(_:)``.
    enum Wait: CaseIterable, Sendable {
        /// A grab to try again.
        case grabRetry
        /// A node to look at again, udev not having named its seat yet.
        case seatLook
        /// The longest wait for keys up to end.
        case keysUp
        /// A warning's grace to end.
        case notice
    }

    /// When `wait` is due; nil when nothing waits for it.
    func due(_ wait: Wait) -> MonotonicInstant? {
        switch wait {
        case .grabRetry: grabRetryDue
        case .seatLook: seatLookDue
        case .keysUp: longestWaitDue
        case .notice: notices.deadline
        }
    }

    /// The next moment the table needs ``Event/timePassed``; nil when nothing waits.
    var deadline: MonotonicInstant? { Wait.allCases.compactMap(due).min() }

    /// When the device that has waited longest for its keys to come up is taken over anyway.
    var longestWaitDue: MonotonicInstant? { waitingSince.map(\.since).min().map { $0 + Self.longestWait } }

    /// Takes what happened at `now`; returns what to do, in order, ending with
    /// ``Action/devicesChanged`` when ``devices`` changed.
    mutating func apply(_ event: Event, at now: MonotonicInstant) -> [Action] {
        let before = devices
        var actions = step(event, at: now)
        if devices != before { actions.append(.devicesChanged) }
        return actions
    }

    /// The one way the table is driven, by the shell and by its tests alike: `event` applied,
    /// each action carried out by `perform` in order, and each answer it brings applied at once,
    /// depth first (a device's steps finish before the next action). Returns whether the device
    /// list changed on the way, to be told once. The table is reached only through `apply`,
    /// briefly each time, so `perform` may read it (and whatever its C calls set off may too).
    static func run(_ event: Event, apply: (Event) -> [Action], perform: (Action) -> Event?) -> Bool {
        var changed = false
        for action in apply(event) {
            if action == .devicesChanged {
                changed = true
            } else if let answer = perform(action) {
                changed = run(answer, apply: apply, perform: perform) || changed
            }
        }
        return changed
    }

    private mutating func step(_ event: Event, at now: MonotonicInstant) -> [Action] {
        switch event {
        case .appeared(let path): return appeared(path)
        case .disappeared(let path): return remove(path)
        case .readable(let path, let readable): return nodeChanged(path, readable: readable)
        case .identified(let path, let identity): return identified(path, identity)
        case .opened(let path, let phys, let capabilities, let seat): return opened(path, phys: phys, capabilities, seat: seat, at: now)
        case .openFailed(let path, let error): return openFailed(path, error, at: now)
        case .described(let path, let error, let sysfs, let udev): return described(path, error, sysfs, udev, at: now)
        case .watched(let path): return watched(path)
        case .watchFailed(let path, let error): return notRead(path, because: .cannotWatch(error))
        case .takeOverEnded(let path, let result): return takeOverEnded(path, result, at: now)
        case .keysUp(let path): return keysUp(path)
        case .readFailed(let path, let error): return readFailed(path, error)
        case .seat(let active): return seatChanged(active: active)
        case .uinputChanged: return uinputChanged()
        case .timePassed: return timePassed(now)
        case .noticeTimerFailed: return notices.sayWithoutGrace(isStillUnreadable: lacksPermission).map(Action.tell)
        case .stopped: return stopped()
        }
    }

    /// Whether the device at `path` is listed as not read for want of permission only.
    func lacksPermission(_ path: String) -> Bool { listed[path]?.lacksPermission == true }

    /// The grab retries, the longest waits and the warnings due at `now`.
    private mutating func timePassed(_ now: MonotonicInstant) -> [Action] {
        var actions: [Action] = []
        if let due = grabRetryDue, due <= now {
            grabRetryDue = nil
            actions += retryGrabs()
        }
        if let due = seatLookDue, due <= now {
            seatLookDue = nil
            actions += seatLooks.keys.sorted().map(Action.identify)
        }
        actions += longestWaitEnded(at: now)
        actions += notices.due(at: now, isStillUnreadable: lacksPermission).map(Action.tell)
        return actions
    }

    /// Every device read closed (as if it went away: its held keys end), nothing kept.
    private mutating func stopped() -> [Action] {
        let read = listed.values.filter(\.isRead).map(\.path) + opening.keys
        self = DeviceTable(choice: choice)
        return read.sorted().map(Action.close)
    }
}
