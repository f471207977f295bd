import Time

extension MediaDevices {
    /// A device and what MediaRemote does with it, for `mediaremotectl devices` and the journal.
    public struct DeviceInfo: Equatable, Sendable {
        /// Read, and how; or not read, and why (``DeviceChoice`` decides).
        public enum State: Equatable, Sendable {
            case read(Reading)
            case notRead(NotRead)
        }

        public let path: String
        public let name: String
        public let classification: DeviceClass
        public var state: State

        // One fact of the state each, for readers that want only that one.

        public var isRead: Bool {
            if case .read = state { true } else { false }
        }

        /// How it is read; nil when it is not.
        public var reading: Reading? {
            if case .read(let reading) = state { reading } else { nil }
        }

        /// Why it is not read, in words; "" when it is.
        public var reason: String {
            if case .notRead(let why) = state { why.description } else { "" }
        }

        /// Not read only for want of permission: ``MediaDevices/onNotice`` said so, with the fix.
        public var lacksPermission: Bool {
            if case .notRead(.noPermission) = state { true } else { false }
        }
    }

    /// How a device is read.
    public enum Reading: Equatable, Sendable {
        /// Grabbed, with what MediaRemote does not act on passed to a clone (its node).
        case takenOver(clone: String)
        /// Read beside everyone else, so a desktop reading it acts on its keys too: why it is
        /// not taken over, and whether that is for want of /dev/uinput (then it is taken over as
        /// soon as /dev/uinput can be written).
        case shared(because: String, withoutUInput: Bool)
        /// To be taken over once no key of it is held (taking it over with a key down would
        /// leave that key held for the desktop), or after ``DeviceTable/longestWait`` with its held
        /// keys released on the device itself; meanwhile nothing of it is acted on. Since when.
        case waitingForKeysUp(since: MonotonicInstant)
    }
}
