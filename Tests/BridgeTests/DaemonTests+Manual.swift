import Bridge
import Config
import Foundation
import Input
import Testing
import TestSupport

/// The daemon's manual, man/mediaremoted.1, written by hand: it follows --help, groff renders
/// it cleanly, and it says what a reader comes to it for.
extension DaemonTests {
    static let manualPage = BuiltProducts.repositoryRoot.appendingPathComponent("man/mediaremoted.1")

    /// The page as man shows it on a terminal `width` columns wide, with what groff said.
    static func renderManual(width: Int) throws -> ProcessResult {
        try Subprocess.run("/usr/bin/groff", ["-man", "-ww", "-Tascii", "-P-cbou", "-rLL=\(width)n", manualPage.path])
    }

    /// The flags of --help's option table, aliases too ("-v, --verbose").
    static func helpFlags() throws -> Set<String> {
        let help = try Subprocess.run(daemon, ["--help"]).stdout
        let rows = help.split(separator: "\n").map { $0.drop { $0 == " " } }.filter { $0.hasPrefix("-") }
        return Set(rows.flatMap { row in
            // The flags end where two spaces begin the description.
            (row.firstRange(of: "  ").map { row[..<$0.lowerBound] } ?? row).split(separator: ", ").compactMap { $0.split(separator: " ").first.map(String.init) }
        })
    }

    /// The flags the manual's OPTIONS describe: the tag after each .TP that begins with one.
    static func manualFlags(_ manual: [Substring]) -> Set<String> {
        Set(zip(manual, manual.dropFirst()).filter { $0.0 == ".TP" && $0.1.contains(" -") }.flatMap { _, tag in
            tag.split(separator: " ").dropFirst().map(String.init).filter { $0.hasPrefix("-") }
        })
    }

    @Test("the manual describes exactly the flags --help lists, and groff renders it without a warning")
    func manual() throws {
        // In man's source a hyphen in a flag is written \-.
        let manual = try String(contentsOf: Self.manualPage, encoding: .utf8).replacingOccurrences(of: "\\-", with: "-")
            .split(separator: "\n")
        let flags = try Self.helpFlags()
        #expect(flags.count >= 16, "\(flags)")
        #expect(Self.manualFlags(manual) == flags)
        let groff = try Subprocess.run("/usr/bin/groff", ["-man", "-ww", "-z", Self.manualPage.path])
        #expect(groff.status == 0 && groff.stderr.isEmpty, "\(groff.stderr)")
    }

    /// A flag is born in the parser: main.swift's switch for the daemon's own, a key's declaration
    /// for one that stands for a key. One it takes that --help does not list is one nobody can
    /// find; --grab is an old flag, refused with what changed.
    @Test("--help lists every flag mediaremoted takes, and its usage lines every long one")
    func helpListsEveryFlag() throws {
        let main = try String(contentsOf: BuiltProducts.repositoryRoot.appendingPathComponent("Sources/mediaremoted/main.swift"), encoding: .utf8)
        let parsed = Set(main.matches(of: /case ((?:"-[^"]+"(?:, )?)+):/).flatMap { $0.output.1.matches(of: /"(-[^"]+)"/).map { String($0.output.1) } })
        let declared = Set(Configuration.flagged.compactMap(\.flag).flatMap(\.spellings))
        #expect(parsed.isDisjoint(with: declared), "parsed by hand and declared: \(parsed.intersection(declared))")
        let flags = try Self.helpFlags()
        #expect(parsed.union(declared).subtracting(["--grab"]) == flags)
        // The usage lines (up to the first blank line) and the manual's SYNOPSIS: every long flag.
        let help = try Subprocess.run(Self.daemon, ["--help"]).stdout
        let usage = help.split(separator: "\n\n").first ?? ""
        let longFlags = flags.filter { $0.hasPrefix("--") }
        #expect(Set(usage.matches(of: /--[a-z-]+/).map { String($0.output) }) == longFlags)
        let manual = try String(contentsOf: Self.manualPage, encoding: .utf8).replacingOccurrences(of: "\\-", with: "-")
        let synopsis = manual.split(separator: ".SH SYNOPSIS").last?.split(separator: ".SH ").first ?? ""
        #expect(Set(synopsis.matches(of: /--[a-z-]+/).map { String($0.output) }) == longFlags)
    }

    /// Each flag a key declares is in --help's usage and option table and in the manual's
    /// SYNOPSIS and OPTIONS as it is taken (`--mode MODE`: the flag with its placeholder; a
    /// switch alone), so a flag added to a declaration is not taken without being documented.
    @Test("every declared flag, with its placeholder, is in --help's usage and table and in the manual, which names its key",
          arguments: Configuration.flagged.compactMap { $0.flag?.name })
    func declaredFlagIsDocumented(name: String) throws {
        let option = try #require(Configuration.flagged.first { $0.flag?.name == name })
        let flag = try #require(option.flag)
        let help = try Subprocess.run(Self.daemon, ["--help"]).stdout
        let usage = help.split(separator: "\n\n").first.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") } ?? ""
        let table = help.split(separator: "\n").map { $0.drop { $0 == " " } }.filter { $0.hasPrefix("-") }
        // In the manual a tag is `.BI \-\-mode " MODE"`, or `.B \-\-read\-keyboards`.
        let manual = try String(contentsOf: Self.manualPage, encoding: .utf8).replacingOccurrences(of: "\\-", with: "-")
        let synopsis = manual.split(separator: ".SH SYNOPSIS").last?.split(separator: ".SH ").first ?? ""
        let tags = manual.split(separator: "\n").filter { $0.hasPrefix(".B") }.map { $0.replacingOccurrences(of: "\"", with: "").split(separator: " ").dropFirst().joined(separator: " ") }
        for spelling in flag.spellings {
            let written = spelling == flag.name ? flag.usage : spelling
            // The usage line may spell a placeholder out (`--mode compat|strict`).
            let shown = written == spelling ? usage.contains(spelling) : usage.contains("[\(spelling) ")
            #expect(shown, "--help's usage does not show \(written)")
            #expect(table.contains { $0.hasPrefix(written) }, "--help's table has no row for \(written)")
            #expect(synopsis.contains(spelling), "the manual's SYNOPSIS does not show \(spelling)")
            #expect(tags.contains(written), "the manual's OPTIONS have no \(written)")
        }
        // Its paragraph in OPTIONS: from its tag to the next.
        let paragraph = manual.split(separator: ".TP\n").first { $0.split(separator: "\n").first?.contains(flag.name + " ") == true || $0.hasPrefix(".B \(flag.name)\n") }
        #expect(paragraph?.contains(option.name) == true, "the manual does not say \(flag.name) stands for \(option.name)")
    }

    /// The defaults --help names are the service's options' (it prints them, not copies), and
    /// the hand-written manual names the same: a default changed in the code shows in --help and
    /// fails here until the manual follows.
    @Test("the manual and --help give the same defaults, the options' own")
    func manualDefaults() throws {
        let help = try Subprocess.run(Self.daemon, ["--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let options = Service.Options()
        let named = [
            "(default \(Int(options.callTimeout / .milliseconds(1))))", "(default \(options.input.directory))",
            "(default \(options.motion.iioDirectory))",
        ]
        let given = help.matches(of: /\(default [^)]+\)/).map { String($0.output) }
        #expect(given == named)
        let manual = try Self.renderManual(width: 80).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for text in given {
            let said = manual.contains(text)
            #expect(said, "mediaremoted.1 does not say \(text)")
        }
    }

    /// No word is hyphenated at a line's end ("Now Play- / ing"), and none broken at its own
    /// hyphen ("D- / Bus"), on the terminals people use. (Narrower than 70 columns, the
    /// longest paths no longer fit on a line.)
    @Test("on a terminal 70 to 132 columns wide: no warning, no word broken across lines", arguments: [70, 80, 100, 132])
    func manualRenders(width: Int) throws {
        let page = try Self.renderManual(width: width)
        #expect(page.status == 0 && page.stderr.isEmpty, "\(page.stderr)")
        let broken = page.stdout.split(separator: "\n").filter { $0.hasSuffix("-") && $0.dropLast().last?.isLetter == true }
        #expect(broken.isEmpty, "lines ending in half a word: \(broken)")
    }

    @Test("the manual says where to look next, and how a broken configuration is reported", arguments: [
        "SEE ALSO dbus-daemon(1), journalctl(1), mediaremotectl(1), playerctl(1), systemctl(1), systemd.unit(5)",
        "share/doc/mediaremote/config.example.toml under the installation prefix",
        "A syntax error stops the reading: it is the only problem reported, with its line.",
        "every problem is reported at once, in the order of the lines",
    ])
    func manualSays(words: String) throws {
        let text = try Self.renderManual(width: 80).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains(words))
    }
}
