import DBusTypes

extension DescribeDevicesReply {
    /// One device, a structure `(sssbsss)` on the bus.
    public struct Device: DBusConvertible, Hashable, Sendable {
        /// How a device that is read is read.
        public enum Reading: Hashable, Sendable {
            /// Grabbed: its media keys are MediaRemote's alone, everything else goes on to a
            /// clone (its node, `/dev/input/event9`) for the desktop.
            case takenOver(clone: String)
            /// A keyboard taken over by mediaremote-inputd, the system service, which sends its
            /// media keys to this session (and passes the rest on to the desktop through the clone).
            case takenOverBySystemService(clone: String)
            /// Read beside everyone else, so a desktop reading it acts on its keys too: why.
            case shared(because: String)
            /// To be taken over once none of its keys is held.
            case waitingForKeysUp
            /// An accelerometer open for the shake detector, and for whom: the apps holding
            /// motion claims, the shake action.
            case openForMotion(for: String)

            public static let bySystemService = "taken over by mediaremote-inputd"

            /// The word on the bus and in `mediaremotectl devices`.
            public var word: String {
                switch self {
                case .takenOver: "taken over"
                case .takenOverBySystemService: Self.bySystemService
                case .shared: "shared"
                case .waitingForKeysUp: "waiting for keys up"
                case .openForMotion: "open for motion"
                }
            }
        }

        /// Its node, `/dev/input/event5`.
        public var path: String
        public var name: String
        /// `media device`, `keyboard`, `accelerometer` or `other`.
        public var classification: String
        /// Why mediaremoted does not read it; nil when it does.
        public var notReadBecause: String?
        /// How it is read; nil when it is not.
        public var reading: Reading?

        public init(path: String, name: String, classification: String, notReadBecause: String?, reading: Reading? = nil) {
            (self.path, self.name, self.classification, self.notReadBecause) = (path, name, classification, notReadBecause)
            self.reading = notReadBecause == nil ? reading : nil
        }

        public var isRead: Bool { notReadBecause == nil }

        public static let fields = [
            Field("path", String.self), Field("name", String.self), Field("class", String.self), Field("read", Bool.self),
            Field("reason", String.self), Field("reading", String.self), Field("clone", String.self),
        ]

        public static var dbusType: SignatureType { fields.structure }

        /// The reason is why it is not read, why it is read shared, or for whom an accelerometer
        /// is open; "" otherwise. Reading is "taken over", "shared", "waiting for keys up", "open
        /// for motion", or "" when it is not read; the clone is the node of a device taken over,
        /// "" otherwise.
        public var dbusValue: Value {
            let (word, reason, clone): (String, String, String) =
                switch reading {
                case .takenOver(let clone): ("taken over", "", clone)
                case .takenOverBySystemService(let clone): (Reading.bySystemService, "", clone)
                case .shared(let because): ("shared", because, "")
                case .waitingForKeysUp: ("waiting for keys up", "", "")
                case .openForMotion(let wanters): ("open for motion", wanters, "")
                case nil: ("", notReadBecause ?? "", "")
                }
            return .structure([
                path.dbusValue, name.dbusValue, classification.dbusValue, isRead.dbusValue, reason.dbusValue, word.dbusValue,
                clone.dbusValue,
            ])
        }

        public init(dbusValue: Value) throws(DBusError) {
            let field = try FieldReader(structure: dbusValue, Self.fields, of: "a device")
            (path, name, classification) = (try field("path"), try field("name"), try field("class"))
            let reason: String = try field("reason")
            let word: String = try field("reading")
            let clone: String = try field("clone")
            guard try field("read", as: Bool.self) else {
                guard word.isEmpty, clone.isEmpty else { throw .invalidArgs("a device that is not read, read as '\(word)'") }
                (notReadBecause, reading) = (reason, nil)
                return
            }
            notReadBecause = nil
            switch word {
            case "taken over" where reason.isEmpty: reading = .takenOver(clone: clone)
            case Reading.bySystemService where reason.isEmpty: reading = .takenOverBySystemService(clone: clone)
            case "shared" where clone.isEmpty: reading = .shared(because: reason)
            case "waiting for keys up" where reason.isEmpty && clone.isEmpty: reading = .waitingForKeysUp
            case "open for motion" where clone.isEmpty: reading = .openForMotion(for: reason)
            default:
                throw .invalidArgs("a device that is read as '\(word)', with the reason '\(reason)' and the clone '\(clone)'")
            }
        }
    }
}
