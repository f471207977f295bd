import ArgumentParser
import Foundation
import Motion
import MotionEvaluation
import Testing
import TestSupport

@testable import MediaRemoteCtl

/// What a person reads: every command's --help at 80 columns, the manual generated from the
/// same text as `make install` installs it, and the shell completions.
@Suite("mediaremotectl: help, manual and completions")
struct CtlDocumentationTests {
    /// Every command, as the words that name it after `mediaremotectl`.
    static let commands: [(words: [String], type: any ParsableCommand.Type)] = {
        func walk(_ type: any ParsableCommand.Type, _ words: [String]) -> [([String], any ParsableCommand.Type)] {
            [(words, type)] + type.configuration.subcommands.flatMap { walk($0, words + [$0._commandName]) }
        }
        return walk(MediaRemoteCommand.self, [])
    }()

    /// The lines of a command's discussion that the help must keep whole: examples and tables,
    /// written indented by two spaces.
    static func preformatted(_ type: any ParsableCommand.Type) -> [String] {
        type.configuration.discussion.split(separator: "\n").filter { $0.hasPrefix("  ") }.map(String.init)
    }

    @Test("the help's text is written for rewrapping: ASCII, paragraphs on one line each, examples narrow enough for the manual")
    func source() {
        for (words, type) in Self.commands {
            let discussion = type.configuration.discussion
            // generate-manual drops every other character.
            #expect(discussion.allSatisfy { $0.isASCII }, "\(words)")
            let lines = discussion.split(separator: "\n", omittingEmptySubsequences: false)
            for (line, next) in zip(lines, lines.dropFirst()) where !line.isEmpty && !line.hasPrefix(" ") {
                // A prose line broken by hand would end short once ArgumentParser rewraps it.
                #expect(next.isEmpty || next.hasPrefix("  "), "\(words): a hard break after '\(line)'")
            }
            // In 80 columns, the manual indents the top level's examples by 7, a subcommand's by 15,
            // motion replay's by 23.
            let width = 80 - [7, 15, 23][words.count]
            for line in Self.preformatted(type) {
                #expect(line.count - 2 <= width, "\(words): '\(line)' is wider than \(width)")
            }
        }
    }

    @Test("every --help at 80 columns: no line wider, and every example line whole")
    func help() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "80"
        for (words, type) in Self.commands {
            let result = try Subprocess.run(DaemonTests.ctl, words + ["--help"], environment: environment)
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            for line in lines {
                #expect(line.count <= 80, "\(words): '\(line)'")
            }
            for example in Self.preformatted(type) {
                #expect(lines.contains(example), "\(words): '\(example)' is not whole in its --help")
            }
        }
    }

    @Test("the installed manual: no groff warnings, no hyphenation, every example whole at 80 columns, the exit statuses, and SEE ALSO")
    func manual() throws {
        let prefix = try InstallationTests.install()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let manual = prefix.appendingPathComponent("share/man/man1/mediaremotectl.1").path
        let check = try Subprocess.run("/usr/bin/groff", ["-mdoc", "-ww", "-z", manual])
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stderr)")

        // As man renders it in 80 columns, without bold and underlining.
        let rendered = try Subprocess.run("/usr/bin/groff", ["-mdoc", "-Tascii", "-rLL=78n", "-P-cbou", manual])
        #expect(rendered.status == 0 && rendered.stderr.isEmpty, "\(rendered.stderr)")
        let lines = rendered.stdout.split(separator: "\n").map(String.init)
        for line in lines {
            #expect(line.count <= 80, "'\(line)'")
            // A word broken across lines, at a hyphen of its own or one hyphenation added.
            #expect(line.wholeMatch(of: /.*[A-Za-z]-/) == nil, "'\(line)'")
        }
        let trimmed = Set(lines.map { $0.trimmingCharacters(in: .whitespaces) })
        // The help's table of exit statuses moves to EXIT STATUS, as a list: checked below.
        let statuses = Set(MediaRemoteCommand.exitStatuses.split(separator: "\n").map(String.init))
        for (words, type) in Self.commands {
            for example in Self.preformatted(type) where !statuses.contains(example) {
                #expect(trimmed.contains(example.trimmingCharacters(in: .whitespaces)), "\(words): '\(example)' is not whole in the manual")
            }
        }
        let seeAlso = try #require(lines.firstIndex(of: "SEE ALSO"))
        #expect(lines[seeAlso + 1].trimmingCharacters(in: .whitespaces) == "mediaremoted(1), playerctl(1)")

        // EXIT STATUS is where a reader of a manual looks for them: each status the help lists,
        // with its meaning, and not generate-manual's "0 on success, and >0 if an error occurs".
        let exitStatus = try #require(lines.firstIndex(of: "EXIT STATUS"))
        let section = lines[exitStatus..<seeAlso].map { $0.split(separator: " ").joined(separator: " ") }
        for status in MediaRemoteCommand.exitStatuses.split(separator: "\n") {
            let listed = status.split(separator: " ").joined(separator: " ")
            #expect(section.contains(listed), "EXIT STATUS lacks '\(listed)': \(section)")
        }
        #expect(!section.contains { $0.contains(">0") }, "\(section)")
    }

    /// What bash offers after `mediaremotectl LINE`, by the generated script itself.
    static func bashCompletions(_ script: URL, _ line: String) throws -> [String] {
        let driver = """
            source "$1"
            COMP_LINE="$2 $3"; COMP_POINT=${#COMP_LINE}
            read -ra words <<< "$3"
            if [[ -z "$3" || "$3" == *" " ]]; then words+=(""); fi
            COMP_WORDS=("$2" "${words[@]}"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            _mediaremotectl "$2" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try Subprocess.run("/bin/bash", ["-c", driver, "bash", script.path, DaemonTests.ctl, line])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test(
        "bash completes the events after send, begin and end after a seek only, the profiles after --profile",
        arguments: [
            ("", ["--version", "-h", "--help", "status", "players", "devices", "send", "shift", "unshift", "shake", "motion", "monitor", "ping",
                  "check", "reload", "help"]),
            ("send ", ["play", "pause", "toggle", "stop", "next", "previous", "seek-forward", "seek-backward"]),
            ("send seek-f", ["seek-forward"]),
            ("send seek-forward ", ["begin", "end"]),
            ("send seek-backward ", ["begin", "end"]),
            ("send play ", []),
            ("motion replay --profile ", DeviceProfile.all.map(\.name)),
            ("motion replay --profile j", ["joycon"]),
        ])
    func bash(line: String, offered: [String]) throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("mediaremotectl-\(UUID().uuidString).bash")
        defer { try? FileManager.default.removeItem(at: script) }
        let generated = try Subprocess.run(DaemonTests.ctl, ["--generate-completion-script", "bash"])
        try generated.stdout.write(to: script, atomically: true, encoding: .utf8)
        #expect(try Self.bashCompletions(script, line) == offered)
    }

    @Test("zsh and fish scripts offer the events after send, a seek's phases and the profiles", arguments: ["zsh", "fish"])
    func otherShells(shell: String) throws {
        let script = try Subprocess.run(DaemonTests.ctl, ["--generate-completion-script", shell]).stdout
        let events = Send.eventNames.joined(separator: shell == "zsh" ? "' '" : " ")
        let profiles = DeviceProfile.all.map(\.name).joined(separator: shell == "zsh" ? "' '" : " ")
        #expect(script.contains(events), "\(shell): the events")
        #expect(script.contains(profiles), "\(shell): the profiles")
        // The phase is asked of mediaremotectl at completion time, which answers after a seek only.
        #expect(script.contains("---completion send -- positional@1"))
        let phases = try Subprocess.run(DaemonTests.ctl, ["---completion", "send", "--", "positional@1", "3", "0", "mediaremotectl", "send", "seek-backward", ""])
        #expect(phases.stdout == "begin\nend\n")
        let none = try Subprocess.run(DaemonTests.ctl, ["---completion", "send", "--", "positional@1", "3", "0", "mediaremotectl", "send", "next", ""])
        #expect(none.stdout.isEmpty)
    }
}
