import DBusTypes

/// The configuration file's keys, each declared once, on one line: its section, name, what it
/// accepts, where the value goes, and the daemon's flag for it if it has one (so the file, the
/// flags, `mediaremotectl check` and a reload's list of changes all read the one list). Code
/// reaches a key through its declaration (`Configuration.Option.shakeSensitivity`), so a key
/// misnamed in code does not compile; only a file's text is looked up by section and name.
/// `config.example.toml` documents the same keys for people; a test checks that it lists every
/// key of ``Configuration/options``, at its default, with what the key accepts.
extension Configuration {
    public struct Option: Sendable {
        public let section: String
        public let key: String
        /// What the key accepts, in the words its problems use and the example file's comment
        /// on the key holds: "1 to 60000 ms", "true or false", "\"compat\" or \"strict\"".
        /// A time is written in the unit the key names and kept as a `Duration`.
        public let allowed: String
        /// The daemon's flag for the key, when it has one (``Flag``).
        public let flag: Flag?
        /// Stores the value, or says what is wrong with it: one message a problem.
        let read: @Sendable (TOMLValue, inout Configuration) -> [String]
        /// Whether two configurations hold different values for the key.
        let differs: @Sendable (Configuration, Configuration) -> Bool
        /// How a command line writes the key's value, read by the key's kind.
        let argument: Argument
        /// The change a value makes, checked as the file checks it; or what is wrong with it.
        let changeTo: @Sendable (TOMLValue) -> Result<Change, OptionMessage>

        /// `combine` puts a checked value into a configuration: by default in place of the
        /// key's value; a list a flag adds to (`--ignore-player`) merges into it instead.
        init<Stored: Equatable & Sendable>(
            section: String, key: String, allowed: String, path: WritableKeyPath<Configuration, Stored> & Sendable,
            argument: Argument, flag: Flag? = nil,
            combine: @escaping @Sendable (Stored, inout Stored) -> Void = { $1 = $0 },
            read: @escaping @Sendable (TOMLValue, inout Configuration) -> [String]
        ) {
            (self.section, self.key, self.allowed, self.argument, self.flag, self.read) = (section, key, allowed, argument, flag, read)
            differs = { $0[keyPath: path] != $1[keyPath: path] }
            changeTo = { value in
                // Checked on a configuration of its own, so the change carries only this key.
                var checked = Configuration()
                let problems = read(value, &checked)
                guard problems.isEmpty else { return .failure(OptionMessage(problems.joined(separator: "; "))) }
                let stored = checked[keyPath: path]
                return .success { combine(stored, &$0[keyPath: path]) }
            }
        }

        /// `section.key`, as problems and the example file name it.
        public var name: String { "\(section).\(key)" }
    }

    /// A change to a configuration: a flag's, applied over the file at start-up and again on
    /// every reload.
    public typealias Change = @Sendable (inout Configuration) -> Void

    /// Every key, in the file's order: a file is read by these, and a problem lists a section's
    /// keys in this order. A key left out would be unknown to a file; the example file's test
    /// would say so.
    static let options: [Option] = [
        .mode, .callTimeout, .mprisProxy,
        .ignoredPlayers, .playerPriority, .pauseOnRouteLoss, .resumeLast,
        .seekStep, .seekInterval, .headsetClickGap, .headsetHold,
        .readKeyboards, .includeDevices, .excludeDevices,
        .shakeAction, .shakeSensitivity, .longestShake,
    ]

    /// The keys whose values differ between this configuration and `other`, as `section.key`,
    /// in the file's order.
    public func keys(differingFrom other: Configuration) -> [String] {
        Configuration.options.filter { $0.differs(self, other) }.map(\.name)
    }
}

/// Each key named after the value of ``Configuration`` it sets.
extension Configuration.Option {
    public static let mode = choice("service", "mode", \.mode, flag: ("--mode", "MODE"))
    public static let callTimeout = milliseconds("service", "call_timeout_ms", 1...60_000, \.callTimeout, flag: ("--call-timeout", "MS"))
    public static let mprisProxy = boolean("service", "mpris_proxy", \.mprisProxy, flag: "--mpris-proxy", negation: "--no-mpris-proxy")

    public static let ignoredPlayers = names(
        "players", "ignore", Configuration.playerNames, \.ignoredPlayers, normalize: Configuration.playerName, flag: ("--ignore-player", "NAME"))
    public static let playerPriority = names("players", "priority", Configuration.playerNames, \.playerPriority, normalize: Configuration.playerName)
    public static let pauseOnRouteLoss = boolean("players", "pause_on_route_loss", \.pauseOnRouteLoss)
    public static let resumeLast = boolean("players", "resume_last", \.resumeLast)

    public static let seekStep = milliseconds("keys", "seek_step_ms", 100...600_000, \.seekStep)
    public static let seekInterval = milliseconds("keys", "seek_interval_ms", 50...10_000, \.seekInterval)
    public static let headsetClickGap = milliseconds("keys", "headset_click_gap_ms", 50...2_000, \.headsetClickGap)
    public static let headsetHold = milliseconds("keys", "headset_hold_ms", 100...5_000, \.headsetHold)

    public static let readKeyboards = boolean("devices", "read_keyboards", \.readKeyboards, flag: "--read-keyboards")
    public static let includeDevices = names("devices", "include", Configuration.devicePatterns, \.includeDevices, normalize: Configuration.devicePattern)
    public static let excludeDevices = names("devices", "exclude", Configuration.devicePatterns, \.excludeDevices, normalize: Configuration.devicePattern)

    public static let shakeAction = choice("shake", "action", \.shakeAction, flag: ("--shake-action", "ACTION"))
    public static let shakeSensitivity = number("shake", "sensitivity", 0.3...16, unit: "g", \.shakeSensitivity)
    public static let longestShake = seconds("shake", "max_duration_s", 0.5...60, \.longestShake)
}

extension Configuration {
    /// What a list holds, as problems and the example file say it ("player names (…)"), and
    /// as a flag that adds one says it ("a player name (…)").
    struct Entries: Sendable {
        let entry: String
        let example: String
        var many: String { "\(entry)s \(example)" }
        var one: String { "a \(entry) \(example)" }
    }

    static let playerNames = Entries(entry: "player name", example: "(\"vlc\" or \"org.mpris.MediaPlayer2.vlc\")")

    /// A player as the file and `mediaremoted --ignore-player` name it: `vlc` or
    /// `org.mpris.MediaPlayer2.vlc`; the full bus name, or why it is not one.
    public static func playerName(_ name: String) -> Result<BusName, OptionMessage> {
        let prefix = "org.mpris.MediaPlayer2."
        let full = name.hasPrefix(prefix) ? name : prefix + name
        // The bus's own rules for a name.
        guard full.count > prefix.count, let valid = try? BusName(full) else {
            return .failure(OptionMessage("'\(Quote.text(name))' is not an MPRIS player name (e.g. \"vlc\" or \"org.mpris.MediaPlayer2.vlc\")"))
        }
        return .success(valid)
    }

    static let devicePatterns = Entries(entry: "device name pattern", example: "(* ? [...])")

    /// A device name pattern: any non-empty text.
    static func devicePattern(_ pattern: String) -> Result<String, OptionMessage> {
        pattern.isEmpty ? .failure(OptionMessage("an empty pattern matches no device")) : .success(pattern)
    }

    /// Why a value is refused, as a sentence.
    public struct OptionMessage: Error {
        public let text: String
        init(_ text: String) { self.text = text }
    }
}
