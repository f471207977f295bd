import Config
import SystemFiles

/// Where the daemon's options come from: the configuration file, then the command line's
/// flags over it (so a flag keeps its effect across reloads), then the device directories.
public struct Settings: Sendable {
    /// The file to read; nil when there is none to read (no HOME).
    public var configurationPath: String? = ConfigurationFile.defaultPath()
    /// Whether the file was named on the command line (then it must exist).
    public var configurationPathGiven = false
    /// The flags, as changes to the configuration, in order.
    public var overrides: [Configuration.Change] = []
    /// The folder where what the rules know is kept across restarts, a file per bus; nil when
    /// nowhere (no HOME).
    public var stateFolder: String? = StateStore.defaultFolder()
    public var inputDirectory: String?
    public var iioDirectory: String?

    public init() {}

    /// Reads the file (again) and gives the options it and the flags make.
    public func options() throws(ConfigurationError) -> Service.Options {
        try resolve(tellingKept: false).options
    }

    /// The same, with the settings the flags keep over the file's (`section.key`): a reload says
    /// so, rather than keep a flag's value silently. Not worked out for a start
    /// (`tellingKept` false), which has nothing to say about them, and is quicker without
    /// (issue 39): it reads the file again, and goes through every key.
    func resolve(tellingKept: Bool = true) throws(ConfigurationError) -> (options: Service.Options, keptByFlags: [String]) {
        var configuration = Configuration()
        if let configurationPath {
            configuration = try ConfigurationFile.load(configurationPath, mustExist: configurationPathGiven)
        }
        let file = configuration
        let fromFile = configuration.readKeyboards
        for override in overrides { override(&configuration) }
        // Keyboards are read only taken over: without uinput the whole configuration is refused
        // (at start-up, and by a reload, which keeps the one in use), never applied in part.
        // The flag's name only when refused: looking it up makes the options' table, which a
        // start need not make.
        let flag = { Configuration.Option.readKeyboards.flag?.name ?? "the flag" }
        if let refusal = UInputAccess.refusal(
            of: configuration, uinputProblem: DevicePaths.uinputProblem, undo: fromFile ? "set read_keyboards = false" : "leave out \(flag())")
        {
            let source = fromFile ? configurationPath ?? "the configuration" : flag()
            throw ConfigurationError(file: source, problems: [.init(line: 0, key: Configuration.Option.readKeyboards.name, message: refusal)])
        }
        let options = Service.Options(configuration, inputDirectory: inputDirectory, iioDirectory: iioDirectory)
        guard tellingKept, !overrides.isEmpty else { return (options, []) }
        // Only what the file says and a flag says otherwise; a flag that adds to a list
        // (--ignore-player) keeps the file's entries rather than overriding them.
        let inFile = configurationPath.map(ConfigurationFile.keysSet(in:)) ?? []
        let adding = Set(Configuration.flagged.filter { $0.flag?.adds == true }.map(\.name))
        let kept = file.keys(differingFrom: configuration).filter { inFile.contains($0) && !adding.contains($0) }
        return (options, kept)
    }
}
