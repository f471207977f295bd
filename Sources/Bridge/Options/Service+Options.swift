import Config
import Core
import DBusTypes
import Input
import MediaRemoteAPI
import MPRIS

extension Service {
    /// What the service runs with: a configuration (defaults, the file, the flags) and where
    /// the devices are. It holds the configuration itself, not a copy field by field, so a key
    /// added to the file needs nothing here to be kept, and a reload's changes are its keys
    /// (``changes(from:)``); the parts read it through the views below, in their own types.
    /// ``init()`` is the options of an empty file.
    public struct Options: Equatable, Sendable {
        public var configuration: Configuration
        /// Where the input devices are; nil for the standard folder (/dev/input).
        public var inputDirectory: String?
        /// Where the IIO devices are; nil for the standard folder.
        public var iioDirectory: String?

        /// The options of the defaults.
        public init() { self.init(Configuration()) }

        public init(_ configuration: Configuration, inputDirectory: String? = nil, iioDirectory: String? = nil) {
            (self.configuration, self.inputDirectory, self.iioDirectory) = (configuration, inputDirectory, iioDirectory)
        }

        public var mode: Mode { configuration.mode }
        /// The configured players, and those never counted as players (our own proxy,
        /// playerctld) whatever the file says.
        public var ignoredPlayers: Set<BusName> { MPRISNames.ignoredByDefault.union(configuration.ignoredPlayers) }
        /// Preferred players' bus names, most preferred first.
        public var playerPriority: [BusName] { configuration.playerPriority }
        /// How long a player or responder has to answer (one that does not may still act on it).
        public var callTimeout: Duration { configuration.callTimeout }
        /// How far each `Seek` of a held seek moves, and how often it repeats.
        public var seekStep: Duration { configuration.seekStep }
        public var seekInterval: Duration { configuration.seekInterval }
        /// Whether to export `org.mpris.MediaPlayer2.mediaremote` (off unless asked for).
        public var mprisProxy: Bool { configuration.mprisProxy }
        /// What to do with a shake nobody handled, to the Now Playing player.
        public var shakeAction: ShakeAction { configuration.shakeAction }
        /// Whether Now Playing is paused when the output it is heard through goes away.
        public var pauseOnRouteLoss: Bool { configuration.pauseOnRouteLoss }
        public var resumeLast: Bool { configuration.resumeLast }

        /// Which input devices to read, and how.
        public var input: MediaDevices.Options {
            var input = MediaDevices.Options(
                readKeyboards: configuration.readKeyboards,
                headsetTiming: HeadsetRecognizer.Timing(clickGap: configuration.headsetClickGap, holdThreshold: configuration.headsetHold),
                include: configuration.includeDevices, exclude: configuration.excludeDevices)
            if let inputDirectory { input.directory = inputDirectory }
            return input
        }

        /// Where the accelerometers are, and the shake detector's parameters.
        public var motion: MotionInput.Options {
            var motion = MotionInput.Options()
            motion.detector = configuration.detectorParameters
            if let iioDirectory { motion.iioDirectory = iioDirectory }
            return motion
        }

        /// What differs from `old`, for a reload to say: the configuration's keys
        /// (`section.key`, in the file's order), then the directories (the command line's, so
        /// the same across reloads today; compared so that the answer stays whole).
        public func changes(from old: Options) -> [String] {
            var changes = configuration.keys(differingFrom: old.configuration)
            if input.directory != old.input.directory { changes.append("input directory") }
            if motion.iioDirectory != old.motion.iioDirectory { changes.append("IIO directory") }
            return changes
        }
    }
}
