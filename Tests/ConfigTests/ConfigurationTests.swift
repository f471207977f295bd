import DBusTypes
import Foundation
import MediaRemoteAPI
import Motion
import Testing

@testable import Config

@Suite struct ConfigurationTests {
    @Test func noFileAndAnEmptyFileGiveTheDefaults() throws {
        #expect(try Configuration(toml: "", file: "c.toml") == Configuration())
        #expect(try ConfigurationFile.load("/nonexistent/mediaremote/config.toml") == Configuration())
    }

    /// Desktops show every MPRIS name as a card: the proxy would make each player two.
    @Test func theMPRISProxyIsOffUnlessTheFileTurnsItOn() throws {
        #expect(Configuration().mprisProxy == false)
        #expect(try Configuration(toml: "[service]\nmode = \"strict\"\n", file: "c.toml").mprisProxy == false)
        #expect(try Configuration(toml: "[service]\nmpris_proxy = true\n", file: "c.toml").mprisProxy == true)
        #expect(try Configuration(toml: "[service]\nmpris_proxy = false\n", file: "c.toml").mprisProxy == false)
    }

    @Test func everyKeyIsRead() throws {
        let configuration = try Configuration(
            toml: """
                [service]
                mode = "strict"
                call_timeout_ms = 400
                mpris_proxy = true
                [players]
                ignore = ["firefox", "org.mpris.MediaPlayer2.chromium"]
                priority = ["spotify", "org.mpris.MediaPlayer2.mpv"]
                [keys]
                seek_step_ms = 10000
                seek_interval_ms = 250
                headset_click_gap_ms = 400
                headset_hold_ms = 700
                [devices]
                read_keyboards = true
                include = ["My Keyboard*"]
                exclude = ["*Webcam*"]
                [shake]
                action = "shuffle"
                sensitivity = 2
                max_duration_s = 3.5
                """, file: "c.toml")
        var expected = Configuration()
        expected.mode = .strict
        expected.callTimeout = .milliseconds(400)
        expected.mprisProxy = true
        expected.ignoredPlayers = ["org.mpris.MediaPlayer2.firefox", "org.mpris.MediaPlayer2.chromium"]
        expected.playerPriority = ["org.mpris.MediaPlayer2.spotify", "org.mpris.MediaPlayer2.mpv"]
        expected.seekStep = .seconds(10)
        expected.seekInterval = .milliseconds(250)
        expected.headsetClickGap = .milliseconds(400)
        expected.headsetHold = .milliseconds(700)
        expected.readKeyboards = true
        expected.includeDevices = ["My Keyboard*"]
        expected.excludeDevices = ["*Webcam*"]
        expected.shakeAction = .shuffle
        expected.shakeSensitivity = 2
        expected.longestShake = .milliseconds(3500)
        #expect(configuration == expected)
        #expect(configuration.detectorParameters.swingStrength == 2)
        #expect(configuration.detectorParameters.longestShake == .milliseconds(3500))
    }

    /// Each mistake is named with its line and key, and says what is allowed.
    @Test(arguments: [
        ("[service]\nmode = \"fast\"", "c.toml:2: service.mode: \"fast\" is not allowed; allowed: \"compat\" or \"strict\""),
        ("[service]\n\ncall_timeout_ms = 0", "c.toml:3: service.call_timeout_ms: 0 is out of range; allowed: 1 to 60000 ms"),
        ("[service]\ncall_timeout_ms = \"250\"", "c.toml:2: service.call_timeout_ms: must be a whole number (1 to 60000 ms), not a string"),
        ("[service]\nmpris_proxy = 1", "c.toml:2: service.mpris_proxy: must be true or false, not an integer"),
        ("[service]\nmood = \"happy\"", "c.toml:2: service.mood: unknown key; [service] has mode, call_timeout_ms, mpris_proxy"),
        ("[shake]\nsensitivity = 50", "c.toml:2: shake.sensitivity: 50 is out of range; allowed: 0.3 to 16 g"),
        ("[shake]\nsensitivity = \"high\"", "c.toml:2: shake.sensitivity: must be a number (0.3 to 16 g), not a string"),
        ("[shake]\naction = [\"none\"]",
         "c.toml:2: shake.action: must be \"none\", \"nextTrack\", \"previousTrack\", \"togglePlayPause\" or \"shuffle\", not an array"),
        ("[players]\nignore = \"vlc\"",
         "c.toml:2: players.ignore: must be an array of player names (\"vlc\" or \"org.mpris.MediaPlayer2.vlc\"), not a string"),
        ("[players]\nignore = [\"vlc\", 3]",
         "c.toml:2: players.ignore: must be an array of player names (\"vlc\" or \"org.mpris.MediaPlayer2.vlc\"); found an integer in it"),
        ("[devices]\ninclude = [true]", "c.toml:2: devices.include: must be an array of device name patterns (* ? [...]); found true or false in it"),
        ("[players]\npriority = [\"not a name\"]", "c.toml:2: players.priority: 'not a name' is not an MPRIS player name (e.g. \"vlc\" or \"org.mpris.MediaPlayer2.vlc\")"),
        ("[devices]\nexclude = [\"\"]", "c.toml:2: devices.exclude: an empty pattern matches no device"),
        ("mode = \"strict\"", "c.toml:1: mode: every key belongs in a section: [service], [players], [keys], [devices], [shake]"),
        ("[extras]\nx = 1\ny = 2", "c.toml:1: [extras]: unknown section; the sections are [service], [players], [keys], [devices], [shake]"),
        ("[shake.more]\nx = 1", "c.toml:1: [shake.more]: unknown section; the sections are [service], [players], [keys], [devices], [shake]"),
        ("extras.x = 1", "c.toml:1: extras.x: unknown section 'extras'; the sections are [service], [players], [keys], [devices], [shake]"),
        ("[service]\nmode = strict", "c.toml:2: 'strict' is not a value; strings need quotes (\"strict\"), booleans are true or false"),
    ])
    func mistakesAreNamed(text: String, message: String) {
        #expect {
            try Configuration(toml: text, file: "c.toml")
        } throws: { error in
            (error as? ConfigurationError)?.description == message
        }
    }

    /// A number in a message is the text the person wrote, not the number it reads as.
    @Test(arguments: [
        ("[service]\ncall_timeout_ms = 1_000_000", "c.toml:2: service.call_timeout_ms: 1_000_000 is out of range; allowed: 1 to 60000 ms"),
        ("[keys]\nseek_step_ms = +5", "c.toml:2: keys.seek_step_ms: +5 is out of range; allowed: 100 to 600000 ms"),
        ("[service]\ncall_timeout_ms = 1e3", "c.toml:2: service.call_timeout_ms: must be a whole number (1 to 60000 ms), not 1e3"),
        ("[keys]\nheadset_hold_ms = 250.0", "c.toml:2: keys.headset_hold_ms: must be a whole number (100 to 5000 ms), not 250.0"),
        ("[shake]\nsensitivity = 2e1", "c.toml:2: shake.sensitivity: 2e1 is out of range; allowed: 0.3 to 16 g"),
        ("[shake]\nsensitivity = +0.1", "c.toml:2: shake.sensitivity: +0.1 is out of range; allowed: 0.3 to 16 g"),
        ("[shake]\nmax_duration_s = nan", "c.toml:2: shake.max_duration_s: nan is out of range; allowed: 0.5 to 60 s"),
        // Not decimal: refused by the reader, which quotes it too.
        ("[service]\ncall_timeout_ms = 0x10", "c.toml:2: write numbers in decimal here, not '0x10'"),
    ])
    func numbersAreQuotedAsWritten(text: String, message: String) {
        #expect {
            try Configuration(toml: text, file: "c.toml")
        } throws: { error in
            (error as? ConfigurationError)?.description == message
        }
    }

    /// A name listed twice is a mistake, found after normalising: "vlc" is
    /// "org.mpris.MediaPlayer2.vlc". Each repeat is named by its entry and the entry it repeats.
    @Test(arguments: [
        ("[players]\npriority = [\"spotify\", \"mpv\", \"spotify\"]", ["c.toml:2: players.priority: entry 3 (\"spotify\") repeats entry 1"]),
        ("[players]\nignore = [\"org.mpris.MediaPlayer2.vlc\", \"vlc\"]",
         ["c.toml:2: players.ignore: entry 2 (\"vlc\") repeats entry 1 (\"org.mpris.MediaPlayer2.vlc\")"]),
        ("[players]\npriority = [\n  \"vlc\",\n  \"mpv\",\n  'vlc',\n]", ["c.toml:2: players.priority: entry 3 (\"vlc\") repeats entry 1"]),
        ("[devices]\ninclude = [\"*Webcam*\", \"*Webcam*\"]", ["c.toml:2: devices.include: entry 2 (\"*Webcam*\") repeats entry 1"]),
        ("[devices]\nexclude = [\"Mouse\", \"Pad\", \"Mouse\"]", ["c.toml:2: devices.exclude: entry 3 (\"Mouse\") repeats entry 1"]),
        // Every problem in a list, in the list's order.
        ("[players]\nignore = [\"a\", \"not a name\", \"a\", \"b\", \"org.mpris.MediaPlayer2.b\"]", [
            "c.toml:2: players.ignore: 'not a name' is not an MPRIS player name (e.g. \"vlc\" or \"org.mpris.MediaPlayer2.vlc\")",
            "c.toml:2: players.ignore: entry 3 (\"a\") repeats entry 1",
            "c.toml:2: players.ignore: entry 5 (\"org.mpris.MediaPlayer2.b\") repeats entry 4 (\"b\")",
        ]),
    ])
    func aNameListedTwiceIsAMistake(text: String, messages: [String]) {
        #expect {
            try Configuration(toml: text, file: "c.toml")
        } throws: { error in
            (error as? ConfigurationError)?.description.split(separator: "\n").map(String.init) == messages
        }
    }

    /// mediaremotectl motion replay --sensitivity takes what shake.sensitivity takes, from its declaration.
    @Test func aKeyGivenOnACommandLineIsCheckedByItsDeclaration() {
        #expect(Configuration.Option.shakeSensitivity.allowed == "0.3 to 16 g")
        #expect(Configuration.Option.callTimeout.allowed == "1 to 60000 ms")
        #expect(Configuration().setting(.shakeSensitivity, to: .float(0.3, written: "0.3"))?.shakeSensitivity == 0.3)
        #expect(Configuration().setting(.shakeSensitivity, to: .integer(16, written: "16"))?.shakeSensitivity == 16)
        #expect(Configuration().setting(.shakeSensitivity, to: .float(16.5, written: "16.5")) == nil)
        #expect(Configuration().setting(.shakeSensitivity, to: .float(-1, written: "-1")) == nil)
        #expect(Configuration().setting(.shakeSensitivity, to: .float(.nan, written: "nan")) == nil)
        #expect(Configuration().setting(.shakeSensitivity, to: .string("high")) == nil)
        // Only that key changes.
        var expected = Configuration()
        expected.shakeSensitivity = 4
        #expect(Configuration().setting(.shakeSensitivity, to: .float(4, written: "4")) == expected)
    }

    @Test func everyMistakeIsListedNotOnlyTheFirst() {
        #expect {
            try Configuration(toml: "[service]\nmode = \"x\"\n[keys]\nseek_step_ms = 1\n", file: "c.toml")
        } throws: { error in
            (error as? ConfigurationError)?.problems.map(\.line) == [2, 4]
        }
    }

    /// A value of 100 KB is quoted at most a line's worth, its length counted.
    @Test func aLongValueIsQuotedShort() {
        let long = String(repeating: "x", count: 100_000)
        #expect {
            try Configuration(toml: "[service]\nmode = \"\(long)\"\n", file: "c.toml")
        } throws: { error in
            let message = (error as? ConfigurationError)?.problems.first?.message ?? ""
            return message.count < 200 && message.contains("… (100000 characters)") && message.hasSuffix("allowed: \"compat\" or \"strict\"")
        }
    }

    /// A number past 64 bits is a value out of range, reported with the file's other problems,
    /// quoted as written: not a syntax error that hides them.
    @Test func aHugeNumberIsOutOfRangeNotASyntaxError() {
        #expect {
            try Configuration(toml: "[service]\ncall_timeout_ms = 99999999999999999999\nmode = \"x\"\n[shake]\nsensitivity = -99999999999999999999\n", file: "c.toml")
        } throws: { error in
            let problems = (error as? ConfigurationError)?.problems ?? []
            return problems.map(\.line) == [2, 3, 5]
                && problems[0].message == "99999999999999999999 is out of range; allowed: 1 to 60000 ms"
                && problems[2].message.hasPrefix("-99999999999999999999 is out of range")
        }
    }

    /// Problems come in the order of the file's lines, whatever order they were found in: an
    /// unknown section is found before the keys are read.
    @Test func problemsComeInTheOrderOfTheLines() {
        #expect {
            try Configuration(toml: "[service]\nmode = \"x\"\n[extras]\ny = 1\n[keys]\nseek_step_ms = 1\n", file: "c.toml")
        } throws: { error in
            (error as? ConfigurationError)?.problems.map(\.line) == [2, 3, 6]
        }
        let problems: [ConfigurationError.Problem] = [
            .init(line: 3, key: "keys.a", message: "first on 3"), .init(line: 0, key: nil, message: "the whole file"),
            .init(line: 1, key: "keys.b", message: "on 1"), .init(line: 3, key: "keys.c", message: "second on 3"),
        ]
        #expect(ConfigurationError(file: "c.toml", problems: problems).problems.map(\.message) == [
            "the whole file", "on 1", "first on 3", "second on 3",
        ])
    }

    /// A syntax error stops the reading: it is the only problem told, even when the lines above
    /// it hold others.
    @Test func aSyntaxErrorComesAlone() {
        #expect {
            try Configuration(toml: "[service]\nmode = \"x\"\ncall_timeout_ms = 0\n[keys\n", file: "c.toml")
        } throws: { error in
            (error as? ConfigurationError)?.description == "c.toml:4: expected ']' to close the section header"
        }
    }

    @Test func anUnreadableOrBinaryFileIsNamed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = directory.appendingPathComponent("binary.toml")
        try Data([0x6D, 0x6F, 0xFF, 0xFE]).write(to: binary)
        #expect(throws: ConfigurationError(file: binary.path, problems: [.init(line: 0, key: nil, message: "it is not UTF-8 text")])) {
            try ConfigurationFile.load(binary.path)
        }
        #expect {
            try ConfigurationFile.load(directory.appendingPathComponent("missing.toml").path, mustExist: true)
        } throws: { error in
            (error as? ConfigurationError)?.description.hasSuffix("missing.toml: no such file (a file named with --config must exist)") == true
        }
        // A directory where the file should be.
        #expect(throws: ConfigurationError.self) { try ConfigurationFile.load(directory.path) }
    }

    @Test func theFileIsFoundWhereXDGSays() {
        #expect(ConfigurationFile.defaultPath { ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/u"][$0] } == "/x/cfg/mediaremote/config.toml")
        #expect(ConfigurationFile.defaultPath { ["HOME": "/home/u"][$0] } == "/home/u/.config/mediaremote/config.toml")
        // A relative XDG_CONFIG_HOME is invalid by the spec and ignored.
        #expect(ConfigurationFile.defaultPath { ["XDG_CONFIG_HOME": "cfg", "HOME": "/home/u"][$0] } == "/home/u/.config/mediaremote/config.toml")
        #expect(ConfigurationFile.defaultPath { _ in nil } == nil)
    }

    /// The shipped example documents every key the code knows, at its default, and nothing
    /// else; the comment on each key says what the key accepts, in the words its problems use.
    @Test func theExampleFileDocumentsEveryKey() throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../config/config.example.toml")
        let text = try String(contentsOf: example, encoding: .utf8)
        #expect(try Configuration(toml: text, file: "config.example.toml") == Configuration())
        let keys = Set(try TOMLParser.parse(text).entries.map { $0.key.joined(separator: ".") })
        #expect(keys == Set(Configuration.options.map(\.name)))
        // Each declaration listed once among the keys the file is read by.
        #expect(Set(Configuration.options.map(\.name)).count == Configuration.options.count)
        let comments = Self.comments(text)
        for option in Configuration.options {
            #expect(comments[option.name]?.contains(option.allowed) == true,
                    "config.example.toml: the comment on \(option.name) does not say \(option.allowed)")
        }
    }

    /// The comment on each key of a commented TOML file, keyed `section.key`: the comment lines
    /// above it joined into one line. Keys written one after another share the comment above
    /// the first.
    static func comments(_ text: String) -> [String: String] {
        var comments: [String: String] = [:]
        var section = ""
        var comment: [String] = []
        var inComment = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#") {
                if !inComment { comment = [] }
                inComment = true
                comment.append(line.dropFirst().trimmingCharacters(in: .whitespaces))
                continue
            }
            inComment = false
            if line.hasPrefix("[") {
                section = line.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
                comment = []
            } else if let equals = line.firstIndex(of: "=") {
                comments[section + "." + line[..<equals].trimmingCharacters(in: .whitespaces)] = comment.joined(separator: " ")
            }
        }
        return comments
    }
}
