import DBusTypes
import Foundation
import Testing
import TestSupport

@testable import Bridge

/// The state file as the service meets it: broken, unreadable, unwritable, or written while
/// the service is killed. Each time: at most one log line, and the service runs.
@Suite("The state file: broken, unwritable, killed mid-write", .serialized)
struct StateFileTests {
    static func write(_ text: String, to bus: PrivateBus) throws {
        try FileManager.default.createDirectory(at: bus.stateFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: bus.stateFile, atomically: true, encoding: .utf8)
    }

    static func lines(_ log: String, containing phrase: String) -> Int {
        log.split(separator: "\n").count { $0.contains(phrase) }
    }

    @Test(
        "a broken file: one line, the service starts afresh, runs, and replaces it",
        arguments: [
            ("garbage", "\u{7f}ELF\u{2}\u{1}\u{1}not a state at all", "not a MediaRemote state file"),
            ("truncated", "mediaremote-state 1\nbus 3f1c\nsaved 8123\n", "cut short"),
            ("another version", "mediaremote-state 9\nwhatever the future holds\n", "written in version 9 of the format"),
        ])
    func broken(_ what: String, text: String, reason: String) throws {
        let fixture = try ServiceFixture { try Self.write(text, to: $0) }
        let player = try MPV(fixture)
        player.play()
        #expect(fixture.wait {
            ((try? String(contentsOf: fixture.bus.stateFile, encoding: .utf8)) ?? "").hasPrefix("mediaremote-state 1\n")
        }, "the broken file was not replaced")
        #expect(fixture.nowPlaying == player.name)
        let log = fixture.daemon.stop().stderr
        #expect(Self.lines(log, containing: "saved state") == 1, "\(log)")
        #expect(log.contains(reason) && log.contains("starting afresh"), "\(log)")
    }

    @Test("an unreadable file (a folder where the file goes): one line, the service runs")
    func unreadable() throws {
        let fixture = try ServiceFixture { bus in
            try FileManager.default.createDirectory(at: bus.stateFile, withIntermediateDirectories: true)
        }
        let player = try MPV(fixture)
        player.play()
        #expect(fixture.nowPlaying == player.name)
        let log = fixture.daemon.stop().stderr
        #expect(Self.lines(log, containing: "cannot read the saved state") == 1, "\(log)")
        #expect(Self.lines(log, containing: "cannot save the state") == 1, "\(log)")
    }

    @Test("an unwritable place (a file where its folder goes): one line however often it changes, the service runs")
    func unwritable() throws {
        let fixture = try ServiceFixture { bus in
            try "".write(to: bus.stateHome, atomically: true, encoding: .utf8)
        }
        let player = try MPV(fixture)
        for _ in 0..<3 {
            player.play()
            player.pause()
            fixture.wait(timeout: .milliseconds(1100)) { false }
        }
        #expect(fixture.nowPlaying == player.name)
        #expect(fixture.send("togglePlayPause") == "\(player.name) /org/mpris/MediaPlayer2")
        let log = fixture.daemon.stop().stderr
        #expect(Self.lines(log, containing: "cannot save the state") == 1, "\(log)")
        #expect(log.contains("Not a directory"), "\(log)")
    }

    @Test("killed (-9) right after each of 24 changes, the service leaves a whole state file every time (the writer alone is killed mid-write below)")
    func killedWhileWriting() throws {
        let fixture = try ServiceFixture()
        let player = try MPV(fixture)
        player.play()
        #expect(fixture.wait { FileManager.default.fileExists(atPath: fixture.bus.stateFile.path) })
        var generator = SystemRandomNumberGenerator()
        for round in 0..<24 {
            // Each change is written at once (the first of its second): kill somewhere in it.
            player.command(round % 2 == 0 ? "Pause" : "Play")
            usleep(UInt32.random(in: 0...30_000, using: &generator))
            try fixture.restart(signal: SIGKILL)
            let text = try String(contentsOf: fixture.bus.stateFile, encoding: .utf8)
            #expect(throws: Never.self, "round \(round): \(text)") { try SavedState(text: text) }
        }
        #expect(fixture.wait { fixture.nowPlaying == player.name })
    }

    @Test("a writer killed (-9) at random moments of replacing a file leaves it whole: the old text or the new, never a part")
    func replaceIsAtomic() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("replace-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("state/state").path
        let texts = ["a", "b"].map { String(repeating: $0, count: 1 << 20) + "\n" }
        var generator = SystemRandomNumberGenerator()
        var seen: Set<Character> = []
        for round in 0..<40 {
            let writer = Subprocess(BuiltProducts.path("file-replacer"), [file])
            try writer.start()
            #expect(writer.readLine() == "replacing")
            usleep(UInt32.random(in: 0...20_000, using: &generator))
            _ = writer.stop(signal: SIGKILL)
            let text = try String(contentsOfFile: file, encoding: .utf8)
            // Not `texts.contains(text)` in the expectation: its failure would print two megabytes.
            let whole = texts.contains(text)
            #expect(whole, "round \(round): \(text.count) bytes, beginning \(text.prefix(1))")
            if let first = text.first { seen.insert(first) }
        }
        // Killed at different moments: both texts were found whole at some kill.
        #expect(seen.count == 2, "only \(seen) found")
    }
}
