import Config
import Core
import DBusTypes
import Input
import MediaRemoteAPI
import MPRIS

extension Service {
    /// What the service runs with: a configuration (defaults, the file, the flags) and where
    /// the devices are. Its defaults are the configuration's: ``init()`` is the options of an
    /// empty file.
    public struct Options: Equatable, Sendable {
        public var mode: Mode
        public var ignoredPlayers: Set<BusName>
        /// Preferred players' bus names, most preferred first.
        public var playerPriority: [BusName]
        /// How long a player or responder has to answer (one that does not may still act on it).
        public var callTimeout: Duration
        /// How far each `Seek` of a held seek moves, and how often it repeats.
        public var seekStep: Duration
        public var seekInterval: Duration
        /// Whether to export `org.mpris.MediaPlayer2.mediaremote` (off unless asked for).
        public var mprisProxy: Bool
        /// What to do with a shake nobody handled, to the Now Playing player.
        public var shakeAction: ShakeAction
        /// Whether Now Playing is paused when the output it is heard through goes away.
        public var pauseOnRouteLoss: Bool
        /// Which input devices to read, and how.
        public var input: MediaDevices.Options
        /// Where the accelerometers are, and the shake detector's parameters.
        public var motion = MotionInput.Options()

        /// The options of the defaults.
        public init() { self.init(Configuration()) }

        /// The options a configuration gives; the directories stay as they are.
        public init(_ configuration: Configuration, inputDirectory: String? = nil, iioDirectory: String? = nil) {
            mode = configuration.mode
            ignoredPlayers = MPRISNames.ignoredByDefault.union(configuration.ignoredPlayers)
            playerPriority = configuration.playerPriority
            callTimeout = configuration.callTimeout
            seekStep = configuration.seekStep
            seekInterval = configuration.seekInterval
            mprisProxy = configuration.mprisProxy
            shakeAction = configuration.shakeAction
            pauseOnRouteLoss = configuration.pauseOnRouteLoss
            input = MediaDevices.Options(
                readKeyboards: configuration.readKeyboards,
                headsetTiming: HeadsetRecognizer.Timing(clickGap: configuration.headsetClickGap, holdThreshold: configuration.headsetHold),
                include: configuration.includeDevices, exclude: configuration.excludeDevices)
            if let inputDirectory { input.directory = inputDirectory }
            motion.detector = configuration.detectorParameters
            if let iioDirectory { motion.iioDirectory = iioDirectory }
        }
    }
}
