import Core
import Motion

/// Everything a person can configure, with the defaults that hold when the file is missing or
/// silent. The file (`config.toml`) fills it in; command-line flags override it. Validated by
/// construction: ``Configuration/init(toml:)`` refuses any value outside what is allowed.
public struct Configuration: Equatable, Sendable {
    // [service]
    public var mode = Mode.compat
    public var callTimeoutMilliseconds: Int64 = 250
    /// Off: desktops show every MPRIS name as a card, so the proxy would show each player twice.
    public var mprisProxy = false

    // [players]: full MPRIS bus names; a name also stands for its `.instance…` names.
    public var ignoredPlayers: [String] = []
    public var playerPriority: [String] = []

    // [keys]
    public var seekStepMilliseconds: Int64 = 5000
    public var seekIntervalMilliseconds: Int64 = 500
    public var headsetClickGapMilliseconds: Int64 = 300
    public var headsetHoldMilliseconds: Int64 = 500

    // [devices]: include and exclude are shell patterns (`*`, `?`, `[…]`) on device names.
    public var readKeyboards = false
    public var grab = false
    public var includeDevices: [String] = []
    public var excludeDevices: [String] = []

    // [shake]
    public var shakeAction = ShakeAction.none
    /// The detector's swing strength, in g.
    public var shakeSensitivity = SwingDetector.Parameters().swingStrength
    /// The longest shake, in seconds.
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
