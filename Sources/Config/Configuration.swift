import DBusTypes
import MediaRemoteAPI
import Motion

/// Everything a person can configure, with the defaults that hold when the file is missing or
/// silent: the one place each default is written (the service's options take them from here,
/// and its --help from those; the detector's come from ``SwingDetector/Parameters``). The file
/// (`config.toml`) fills it in; command-line flags override it. Validated by construction:
/// ``Configuration/init(toml:)`` refuses any value outside what is allowed. Times are
/// `Duration`s; the file writes them in the unit its keys name (`_ms`, `_s`).
public struct Configuration: Equatable, Sendable {
    // [service]
    public var mode = Mode.compat
    /// How long a player or responder has to answer an event (one that does not may still act on it).
    public var callTimeout = Duration.milliseconds(250)
    /// Off: desktops show every MPRIS name as a card, so the proxy would show each player twice.
    public var mprisProxy = false

    // [players]: full MPRIS bus names; a name also stands for its `.instance…` names.
    public var ignoredPlayers: [BusName] = []
    public var playerPriority: [BusName] = []
    /// Pause Now Playing when the output it is heard through goes away (a headset's sink
    /// removed, headphones unplugged), as iOS and Android do.
    public var pauseOnRouteLoss = true
    /// A play with nobody to receive it launches the player that was Now Playing last.
    public var resumeLast = true

    // [keys]
    /// How far each `Seek` of a held seek moves, and how often it repeats.
    public var seekStep = Duration.seconds(5)
    public var seekInterval = Duration.milliseconds(500)
    /// The headset button's longest gap between a release and the next press of one gesture,
    /// and how long a press lasts before it is a hold.
    public var headsetClickGap = Duration.milliseconds(300)
    public var headsetHold = Duration.milliseconds(500)

    // [devices]: include and exclude are shell patterns (`*`, `?`, `[…]`) on device names.
    /// Keyboards are read only taken over (``UInputAccess``), never shared.
    public var readKeyboards = false
    public var includeDevices: [String] = []
    public var excludeDevices: [String] = []

    // [shake]
    public var shakeAction = ShakeAction.none
    /// The detector's swing strength, in g.
    public var shakeSensitivity = SwingDetector.Parameters().swingStrength
    /// The longest shake.
    public var longestShake = SwingDetector.Parameters().longestShake

    public init() {}

    /// The detector's parameters with the configured sensitivity and longest shake.
    public var detectorParameters: SwingDetector.Parameters {
        var parameters = SwingDetector.Parameters()
        parameters.swingStrength = shakeSensitivity
        parameters.longestShake = longestShake
        return parameters
    }
}
