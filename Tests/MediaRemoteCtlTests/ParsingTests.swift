import ArgumentParser
import Motion
import Testing

@testable import MediaRemoteCtl

/// Every subcommand parsed, without a service: the words a person types and what they become.
@Suite("mediaremotectl: parsing, and the JSON it writes")
struct ParsingTests {
    @Test("every subcommand parses")
    func parsing() throws {
        #expect(try MediaRemoteCommand.parseAsRoot(["ping"]) is Ping)
        let root = try MediaRemoteCommand.parseAsRoot(["--version"])
        #expect((root as? MediaRemoteCommand)?.version == true)
        #expect((try MediaRemoteCommand.parseAsRoot(["status", "--json"]) as? Status)?.json == true)
        #expect((try MediaRemoteCommand.parseAsRoot(["players"]) as? Players)?.json == false)
        #expect((try MediaRemoteCommand.parseAsRoot(["monitor", "--json"]) as? Monitor)?.json == true)
        #expect(try MediaRemoteCommand.parseAsRoot(["shake"]) is Shake)
        #expect((try MediaRemoteCommand.parseAsRoot(["shake", "--json"]) as? Shake)?.json == true)
        #expect((try MediaRemoteCommand.parseAsRoot(["ping", "--json"]) as? Ping)?.json == true)
        #expect((try MediaRemoteCommand.parseAsRoot(["check", "--json", "a.toml"]) as? Check)?.file == "a.toml")
        #expect((try MediaRemoteCommand.parseAsRoot(["send", "--json", "next"]) as? Send)?.json == true)
        #expect((try MediaRemoteCommand.parseAsRoot(["reload", "--json"]) as? Reload)?.json == true)
        #expect((try MediaRemoteCommand.parseAsRoot(["devices", "--json"]) as? Devices)?.json == true)
        #expect((try MediaRemoteCommand.parseAsRoot(["motion", "replay", "--json", "a.csv"]) as? MotionCommand.Replay)?.json == true)
        #expect((try MediaRemoteCommand.parseAsRoot(["motion", "replay", "-", "--json"]) as? MotionCommand.Replay)?.file == "-")
        #expect(throws: (any Error).self) { try MediaRemoteCommand.parseAsRoot(["ping", "extra"]) }
        #expect(throws: (any Error).self) { try MediaRemoteCommand.parseAsRoot(["bogus"]) }
    }

    @Test("motion replay --sensitivity: a swing in g within the configuration's range, 0.3 to 16, by default its 1.2")
    func sensitivity() throws {
        func replay(_ arguments: [String]) throws -> MotionCommand.Replay? {
            try MediaRemoteCommand.parseAsRoot(["motion", "replay"] + arguments + ["a.csv"]) as? MotionCommand.Replay
        }
        #expect(try replay([])?.parameters?.swingStrength == 1.2)
        for value in ["0.3", "2.5", "16"] {
            #expect(try replay(["--sensitivity", value])?.parameters?.swingStrength == Double(value))
        }
        #expect(try replay(["--sensitivity=8"])?.parameters?.swingStrength == 8)
    }

    @Test(
        "motion replay --sensitivity out of range, negative or not a number: one sentence with the range, not a missing value",
        arguments: [["--sensitivity", "-1"], ["--sensitivity", "-0.5"], ["--sensitivity=-1"], ["--sensitivity", "0.29"], ["--sensitivity", "16.5"],
                    ["--sensitivity", "abc"], ["--sensitivity", "nan"], ["--sensitivity", "inf"]])
    func sensitivityRefused(_ arguments: [String]) {
        let value = arguments.last!.split(separator: "=").last.map(String.init)!
        do {
            _ = try MediaRemoteCommand.parseAsRoot(["motion", "replay"] + arguments + ["a.csv"])
            Issue.record("took \(arguments)")
        } catch {
            #expect(MediaRemoteCommand.message(for: error) == "--sensitivity must be a swing of 0.3 to 16 g, not \(value)")
        }
    }

    @Test(
        "send: the CLI's names become subtypes",
        arguments: [
            (["play"], "play"), (["pause"], "pause"), (["toggle"], "togglePlayPause"), (["play-pause"], "togglePlayPause"), (["stop"], "stop"),
            (["next"], "nextTrack"), (["previous"], "previousTrack"), (["seek-forward", "begin"], "beginSeekingForward"),
            (["seek-forward", "end"], "endSeekingForward"), (["seek-backward", "begin"], "beginSeekingBackward"),
            (["seek-backward", "end"], "endSeekingBackward"),
            // As monitor prints them.
            (["togglePlayPause"], "togglePlayPause"), (["nextTrack"], "nextTrack"), (["previousTrack"], "previousTrack"),
        ])
    func sendNames(_ arguments: [String], _ subtype: String) throws {
        let command = try MediaRemoteCommand.parseAsRoot(["send"] + arguments)
        #expect(try (command as? Send)?.subtype() == subtype)
    }

    @Test("send: wrong arguments are refused with a reason", arguments: [["fastforward"], ["seek-forward"], ["seek-forward", "hold"], ["play", "begin"], []])
    func sendRefuses(_ arguments: [String]) {
        #expect(throws: (any Error).self) { try MediaRemoteCommand.parseAsRoot(["send"] + arguments) }
    }

    @Test("JSON: strings escaped, keys in the order given, none as null, empty lists as []")
    func json() {
        let object = JSON.object([
            ("a", .string("q\"\\\n\u{1}")), ("b", .number(7)), ("c", .array([.bool(true)])), ("d", JSON(nil as String?)),
            ("e", JSON(nil as UInt64?)), ("f", .array([])), ("g", .object([])), ("h", .decimal("9.62")),
        ])
        #expect(object.text == #"{"a":"q\"\\\n\u0001","b":7,"c":[true],"d":null,"e":null,"f":[],"g":{},"h":9.62}"#)
        #expect(JSON("".nonEmpty).text == "null" && JSON("x".nonEmpty).text == #""x""#)
    }
}
