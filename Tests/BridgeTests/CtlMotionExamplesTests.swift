import ArgumentParser
import Foundation
import Testing
import TestSupport

@testable import MediaRemoteCtl

/// The examples in `motion replay --help` are what it prints on the recording they name, so
/// a change to the detector that moves its events also changes its help.
@Suite("mediaremotectl motion replay: the help's examples are real")
struct CtlMotionExamplesTests {
    static let shake = BuiltProducts.repositoryRoot.appendingPathComponent("data/motion/wiimote_shake_train_016.csv").path

    /// The output as the help shows it: each line indented by two spaces.
    static func shown(_ output: String) -> String {
        output.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
    }

    @Test("each example's output, run on data/motion/wiimote_shake_train_016.csv, is in the help word for word")
    func examples() throws {
        let discussion = MotionCommand.Replay.configuration.discussion
        #expect(discussion.contains("shake.csv is the repository's data/motion/wiimote_shake_train_016.csv"))
        let runs: [[String]] = [["motion", "replay", Self.shake], ["motion", "replay", "--profile", "lis3lv02d", Self.shake]]
        for arguments in runs {
            let result = try Subprocess.run(DaemonTests.ctl, arguments)
            #expect(result.status == 0)
            #expect(discussion.contains(Self.shown(result.stdout)), "\(arguments): \(result.stdout)")
        }
        // --json prints one line; the help folds it after each event.
        let json = try Subprocess.run(DaemonTests.ctl, ["motion", "replay", "--json", Self.shake])
        let folded = json.stdout.trimmingCharacters(in: .newlines).replacingOccurrences(of: "},{", with: "},\n {")
        #expect(discussion.contains(Self.shown(folded)), "\(json.stdout)")
        let cut = try Subprocess.run("/bin/sh", ["-c", "head -n 200 '\(Self.shake)' | '\(DaemonTests.ctl)' motion replay -"])
        #expect(cut.status == 0)
        #expect(discussion.contains(Self.shown(cut.stdout)), "\(cut.stdout)")
    }
}
