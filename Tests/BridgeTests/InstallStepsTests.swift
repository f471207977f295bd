import Config
import Foundation
import Testing
import TestSupport

/// What to run after `make install` is said in four places: make install's closing hint, the
/// README's "Installing", the udev rule's comment and the fix the journal gives without
/// /dev/uinput. The Makefile's list is the one source; the others are held to it.
@Suite("after make install: one set of commands, wherever they are said")
struct InstallStepsTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: BuiltProducts.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// make install's closing lines, indented under "Next:".
    static func hint() throws -> [String] {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("mediaremote-prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let result = try Subprocess.run("/usr/bin/make", [
            "-C", BuiltProducts.repositoryRoot.path, "--no-print-directory", "-s", "install",
            "PREFIX=\(prefix.path)", "BUILT=\(BuiltProducts.directory.path)",
        ])
        guard result.status == 0 else { throw TestFailure("make install failed: \(result.stdout)\(result.stderr)") }
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // The steps, indented; then the optional line (the system service), which is none.
        return lines.drop { !$0.hasSuffix("Next:") }.dropFirst().prefix { $0.hasPrefix("  ") }.map { String($0.drop { $0 == " " }) }
    }

    @Test("make install's hint is the README's steps after sudo make install, in order")
    func readme() throws {
        let hint = try Self.hint()
        #expect(hint.count == 4, "\(hint)")
        let readme = try Self.read("README.md").split(separator: "\n").map(String.init)
        let steps = readme.drop { !$0.hasPrefix("sudo make install") }.dropFirst().prefix { !$0.hasPrefix("mediaremotectl status") }
        #expect(Array(steps) == hint)
    }

    /// Every `udevadm trigger` said, in the README, the rule and the journal's fix, is one of the
    /// hint's (a plain `udevadm trigger` would apply every rule to every device).
    @Test("every udevadm trigger the README, the udev rule and the journal's fix name is one of make install's")
    func triggers() throws {
        let hint = try Self.hint().joined(separator: " ")
        let allowed = Set(hint.matches(of: /udevadm trigger( --[a-z-]+=[a-z]+)*/).map { String($0.output.0) })
        #expect(allowed == ["udevadm trigger --subsystem-match=input", "udevadm trigger --sysname-match=uinput"])
        for (place, text) in [("README.md", try Self.read("README.md")), ("udev/70-mediaremote.rules", try Self.read("udev/70-mediaremote.rules")),
                              ("UInputAccess.fix", UInputAccess.fix)] {
            // A command broken across lines is one command.
            let flat = text.split(whereSeparator: { $0 == "\n" || $0 == "#" }).joined(separator: " ")
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            let said = flat.matches(of: /udevadm trigger( --[a-z-]+=[a-z]+)*/).map { String($0.output.0) }
            #expect(!said.isEmpty, "\(place)")
            #expect(said.allSatisfy(allowed.contains), "\(place): \(said)")
        }
    }
}
