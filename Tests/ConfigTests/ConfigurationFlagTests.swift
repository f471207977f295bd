import DBusTypes
import MediaRemoteAPI
import Testing

@testable import Config

/// The daemon's flags that stand for keys, read by their keys' declarations: each kind's flag
/// takes what the file takes and refuses the rest, a value missing or wrong, in its key's words.
@Suite struct ConfigurationFlagTests {
    /// The configuration `arguments` make over `base`, or the first refusal; as mediaremoted
    /// reads them, each flag taking its value from the arguments after it.
    static func parse(_ arguments: [String], over base: Configuration = Configuration()) -> Result<Configuration, Configuration.OptionMessage>? {
        var rest = arguments[...]
        var configuration = base
        while let argument = rest.popFirst() {
            switch Configuration.change(forFlag: argument, next: { rest.popFirst() }) {
            case .success(let change)?: change(&configuration)
            case .failure(let refusal)?: return .failure(refusal)
            case nil: return nil
            }
        }
        return .success(configuration)
    }

    static func refusal(_ arguments: [String]) -> String? {
        if case .failure(let refusal)? = parse(arguments) { refusal.text } else { nil }
    }

    @Test func theDaemonsFlagsAreDeclaredWithTheirKeys() {
        let flags = Configuration.flagged.compactMap(\.flag)
        #expect(flags.map(\.usage) == [
            "--mode MODE", "--call-timeout MS", "--mpris-proxy", "--ignore-player NAME", "--read-keyboards", "--shake-action ACTION",
        ])
        #expect(flags.flatMap(\.spellings).contains("--no-mpris-proxy"))
        // No spelling stands for two keys.
        #expect(Set(flags.flatMap(\.spellings)).count == flags.flatMap(\.spellings).count)
        #expect(flags.filter(\.adds).map(\.name) == ["--ignore-player"])
    }

    @Test func aFlagSetsWhatTheFileWould() throws {
        let file = try Configuration(toml: """
            [service]
            mode = "strict"
            call_timeout_ms = 1_000
            mpris_proxy = true
            [players]
            ignore = ["vlc"]
            [devices]
            read_keyboards = true
            [shake]
            action = "shuffle"
            """, file: "c.toml")
        let flags = Self.parse([
            "--mode", "strict", "--call-timeout", "1_000", "--mpris-proxy", "--ignore-player", "vlc", "--read-keyboards",
            "--shake-action", "shuffle",
        ])
        #expect(try flags?.get() == file)
    }

    @Test func anUnknownFlagIsNoKeys() {
        #expect(Self.parse(["--config"]) == nil)
        #expect(Self.parse(["--no-read-keyboards"]) == nil)
        #expect(Self.parse(["mode"]) == nil)
    }

    /// A value flag: a word of a choice, or a number as the file writes it.
    @Test(arguments: [
        (["--mode", "bogus"], "--mode takes compat or strict, not 'bogus'"),
        (["--mode", "\"strict\""], "--mode takes compat or strict, not '\"strict\"'"),
        (["--mode"], "--mode takes compat or strict"),
        (["--shake-action", "skip"], "--shake-action takes none, nextTrack, previousTrack, togglePlayPause or shuffle, not 'skip'"),
        (["--shake-action"], "--shake-action takes none, nextTrack, previousTrack, togglePlayPause or shuffle"),
        (["--call-timeout", "0"], "--call-timeout takes 1 to 60000 ms, not 0"),
        (["--call-timeout", "soon"], "--call-timeout takes 1 to 60000 ms, not soon"),
        (["--call-timeout", "1e3"], "--call-timeout takes 1 to 60000 ms, not 1e3"),
        (["--call-timeout", "250 "], "--call-timeout takes 1 to 60000 ms, not '250 '"),
        (["--call-timeout", ""], "--call-timeout takes 1 to 60000 ms, not ''"),
        (["--call-timeout", "99999999999999999999"], "--call-timeout takes 1 to 60000 ms, not 99999999999999999999"),
        (["--call-timeout"], "--call-timeout takes 1 to 60000 ms"),
    ])
    func aValueFlagRefusesInItsKeysWords(arguments: [String], refusal: String) {
        #expect(Self.refusal(arguments) == refusal)
    }

    @Test func aNumberIsWrittenAsInTheFile() throws {
        #expect(try Self.parse(["--call-timeout", "+400"])?.get().callTimeout == .milliseconds(400))
        #expect(try Self.parse(["--call-timeout", "60_000"])?.get().callTimeout == .milliseconds(60_000))
        #expect(try Self.parse(["--mode", "compat"])?.get().mode == .compat)
    }

    /// A switch takes no value: the argument after it is the next flag.
    @Test func aSwitchAndItsNegationTheLaterWins() throws {
        #expect(try Self.parse(["--mpris-proxy"])?.get().mprisProxy == true)
        #expect(try Self.parse(["--mpris-proxy", "--no-mpris-proxy"])?.get().mprisProxy == false)
        #expect(try Self.parse(["--no-mpris-proxy", "--mpris-proxy"])?.get().mprisProxy == true)
        var file = Configuration()
        file.mprisProxy = true
        #expect(try Self.parse(["--no-mpris-proxy"], over: file)?.get().mprisProxy == false)
        #expect(try Self.parse(["--read-keyboards", "--mode", "strict"])?.get().readKeyboards == true)
    }

    /// A list's flag adds one entry by the file's rule for an entry, and refuses in its words.
    @Test(arguments: [
        (["--ignore-player", "not a name"], "--ignore-player: 'not a name' is not an MPRIS player name (e.g. \"vlc\" or \"org.mpris.MediaPlayer2.vlc\")"),
        (["--ignore-player", ""], "--ignore-player: '' is not an MPRIS player name (e.g. \"vlc\" or \"org.mpris.MediaPlayer2.vlc\")"),
        (["--ignore-player"], "--ignore-player takes a player name (\"vlc\" or \"org.mpris.MediaPlayer2.vlc\")"),
    ])
    func aListsFlagRefusesInItsKeysWords(arguments: [String], refusal: String) {
        #expect(Self.refusal(arguments) == refusal)
    }

    @Test func aListsFlagAddsToTheFilesListOnce() throws {
        var file = Configuration()
        file.ignoredPlayers = ["org.mpris.MediaPlayer2.firefox"]
        let flags = try Self.parse(["--ignore-player", "vlc", "--ignore-player", "org.mpris.MediaPlayer2.vlc", "--ignore-player", "firefox"], over: file)?.get()
        #expect(flags?.ignoredPlayers == ["org.mpris.MediaPlayer2.firefox", "org.mpris.MediaPlayer2.vlc"])
    }

    /// A flag's change carries its key alone, so applied over a file it overrides nothing else.
    @Test func aFlagChangesItsKeyAlone() throws {
        var file = Configuration()
        file.seekStep = .seconds(10)
        file.mode = .strict
        let flagged = try Self.parse(["--call-timeout", "300"], over: file)?.get()
        #expect(flagged.map { file.keys(differingFrom: $0) } == ["service.call_timeout_ms"])
    }

    @Test func aCommandLinesNumberIsReadByTheFilesRules() {
        #expect(TOMLParser.number("1_000") == .integer(1000, written: "1_000"))
        #expect(TOMLParser.number("+5") == .integer(5, written: "+5"))
        #expect(TOMLParser.number("2.5") == .float(2.5, written: "2.5"))
        for text in ["", "soon", "0x10", "1__0", "5 ", " 5", "5\nmode = 1", ".5", "012"] {
            #expect(TOMLParser.number(text) == nil, "\(text)")
        }
    }
}
