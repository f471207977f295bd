import Config
import Core
import Input
import MPRIS

extension Service {
    /// What the service runs with: a configuration (defaults, the file, the flags) and where
    /// the devices are.
    public struct Options: Equatable, Sendable {
        public var mode: Mode = .compat
        public var ignoredPlayers: Set<String> = MPRISNames.ignoredByDefault
        /// Preferred players' bus names, most preferred first.
        public var playerPriority: [String] = []
        /// How long a player or responder has to answer before it counts as declining.
        public var callTimeout: Duration = .milliseconds(250)
        /// How far each `Seek` of a held seek moves, and how often it repeats.
        public var seekStep: Duration = .seconds(5)
        public var seekInterval: Duration = .milliseconds(500)
        /// Whether to export `org.mpris.MediaPlayer2.mediaremote` (off unless asked for).
        public var mprisProxy = false
        /// What to do with a shake nobody handled, to the Now Playing player.
        public var shakeAction = ShakeAction.none
        /// Which input devices to read, and how.
        public var input = KeyInput.Options()
        /// Where the accelerometers are, and the shake detector's parameters.
        public var motion = MotionInput.Options()

        public init() {}

        /// The options a configuration gives; the directories stay as they are.
        public init(_ configuration: Configuration, inputDirectory: String? = nil, iioDirectory: String? = nil) {
            mode = configuration.mode
            ignoredPlayers = MPRISNames.ignoredByDefault.union(configuration.ignoredPlayers)
            playerPriority = configuration.playerPriority
            callTimeout = .milliseconds(configuration.callTimeoutMilliseconds)
            seekStep = .milliseconds(configuration.seekStepMilliseconds)
            seekInterval = .milliseconds(configuration.seekIntervalMilliseconds)
            mprisProxy = configuration.mprisProxy
            shakeAction = configuration.shakeAction
            input.readKeyboards = configuration.readKeyboards
            input.grab = configuration.grab
            input.include = configuration.includeDevices
            input.exclude = configuration.excludeDevices
            input.headsetTiming = HeadsetRecognizer.Timing(
                clickGap: .milliseconds(configuration.headsetClickGapMilliseconds),
                holdThreshold: .milliseconds(configuration.headsetHoldMilliseconds))
            if let inputDirectory { input.directory = inputDirectory }
            motion.detector = configuration.detectorParameters
            if let iioDirectory { motion.iioDirectory = iioDirectory }
        }
    }
}
