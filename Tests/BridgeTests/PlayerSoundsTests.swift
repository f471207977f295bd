import Audio
import AudioModel
import Core
import Testing

@testable import Bridge

/// Who is heard, as ``PlayerSounds`` decides it from the audio server's streams and the
/// players' processes: a transcript of what the server shows, step by step, and what each
/// step tells the rules. No server, no bus.
@Suite("Player sounds: who is heard")
struct PlayerSoundsTests {
    static let (a, b): (AppID, AppID) = (":1.1", ":1.2")

    /// A stream of process `pid` (as it reports it), audible unless said otherwise.
    static func stream(_ id: UInt32, pid: Int32, sink: UInt32 = 1, running: Bool = true, muted: Bool = false) -> AudioStream {
        AudioStream(id: id, sink: sink, client: nil, isRunning: running, isMuted: muted, isAtZeroVolume: false, reportedProcessID: pid)
    }

    /// The sounds with players A (process 100) and B (process 200) known, and what the rules
    /// were told of each.
    struct Transcript {
        var sounds = PlayerSounds()
        var told: [AppID: Audibility] = [:]

        init() {
            sounds.identify(PlayerSoundsTests.a, as: PlayerIdentity(processID: 100, name: "a"))
            sounds.identify(PlayerSoundsTests.b, as: PlayerIdentity(processID: 200, name: "b"))
        }

        /// The server shows `streams`: the changes told, which the rules then hold.
        mutating func server(connected: Bool = true, _ streams: [AudioStream]) -> [AppID: Audibility] {
            let told = self.told
            let changes = sounds.update(connected: connected, streams: streams, clients: [:], told: { told[$0] ?? .unknown }) { _ in nil }
            for (app, audibility) in changes { self.told[app] = audibility }
            return Dictionary(uniqueKeysWithValues: changes)
        }
    }

    @Test("A's stream plays: A heard, B silent (nothing else is heard); then only the changes are told")
    func heardAndSilent() {
        var transcript = Transcript()
        #expect(transcript.server([Self.stream(1, pid: 100)]) == [Self.a: .audible, Self.b: .silent])
        #expect(transcript.server([Self.stream(1, pid: 100)]) == [:])
        #expect(transcript.server([Self.stream(1, pid: 100, running: false)]) == [Self.a: .silent])
        #expect(transcript.server([Self.stream(1, pid: 100, muted: true)]) == [:])
    }

    @Test("an audible stream nobody is matched to may be any player's never matched: B unknown; A, once matched, stays silent")
    func unmatchedHeard() {
        var transcript = Transcript()
        #expect(transcript.server([Self.stream(1, pid: 100)]) == [Self.a: .audible, Self.b: .silent])
        // A's stream goes away; a stream of process 999, nobody's, plays.
        #expect(transcript.server([Self.stream(2, pid: 999)]) == [Self.a: .silent, Self.b: .unknown])
        // It stops: B is silent again.
        #expect(transcript.server([Self.stream(2, pid: 999, running: false)]) == [Self.b: .silent])
    }

    @Test("a player whose process is being asked for is judged as one never matched")
    func unidentified() {
        var sounds = PlayerSounds()
        sounds.expect(Self.a)
        let changes = sounds.update(connected: true, streams: [Self.stream(1, pid: 999)], clients: [:], told: { _ in .silent }) { _ in nil }
        #expect(changes.map(\.0) == [Self.a] && changes.map(\.1) == [.unknown])
    }

    @Test("without the server every player is unknown: the rules go by what players say")
    func disconnected() {
        var transcript = Transcript()
        #expect(transcript.server([Self.stream(1, pid: 100)]) == [Self.a: .audible, Self.b: .silent])
        #expect(transcript.server(connected: false, [Self.stream(1, pid: 100)]) == [Self.a: .unknown, Self.b: .unknown])
        #expect(transcript.sounds.matches.isEmpty)
    }

    @Test("nothing is kept of a player that left, in any of the four tables")
    func forgets() {
        var transcript = Transcript()
        transcript.sounds.expect(":1.3")
        _ = transcript.server([Self.stream(1, pid: 100), Self.stream(2, pid: 200)])
        #expect(transcript.sounds.bookkeeping > 0)
        for app in [Self.a, Self.b, ":1.3"] as [AppID] { transcript.sounds.forget(app) }
        #expect(transcript.sounds.bookkeeping == 0)
    }

    @Test(
        "an output removed: the apps with a stream on it as last seen; a stream moved off it first is not there",
        arguments: [
            ("A's stream on the sink removed", [1], [a]),
            ("both apps' streams", [1, 2], [a, b]),
            ("A's stream moved elsewhere before the sink went", [], []),
            ("a stream of nobody's", [3], []),
        ] as [(String, [UInt32], Set<AppID>)])
    func heardThroughRemoved(_ name: String, _ onSink: [UInt32], _ expected: Set<AppID>) {
        let matches: [AppID: [StreamMatch]] = [
            Self.a: [StreamMatch(stream: Self.stream(1, pid: 100), how: .process(.reported))],
            Self.b: [StreamMatch(stream: Self.stream(2, pid: 200), how: .process(.reported))],
        ]
        let removed = onSink.map { Self.stream($0, pid: 0) }
        #expect(RouteLoss.heardThrough(removed: removed, matches: matches) == expected, "\(name)")
    }
}
