import AudioModel
import Testing
import Time

/// The audio server's picture and its quirks, as transcripts on a virtual clock: what the server
/// says in, what the shell must do out.
@Suite("The audio model: the server's picture and its quirks")
struct AudioModelTests {
    static func stream(_ id: UInt32, on sink: UInt32?) -> AudioStream {
        AudioStream(id: id, sink: sink, client: 1, isRunning: true, isMuted: false, isAtZeroVolume: false)
    }
    static let headset = AudioSink(id: 7, name: "headset", description: "Headset", card: 3)
    static let speakers = AudioSink(id: 8, name: "speakers", description: "Speakers")

    /// A model and a clock, each step 10 ms after the last.
    struct Transcript {
        var model = AudioModel()
        var now = MonotonicInstant.zero + .seconds(1)

        mutating func apply(_ event: AudioModel.Event, after step: Duration = .milliseconds(10)) -> [AudioModel.Action] {
            now += step
            return model.apply(event, at: now)
        }

        mutating func apply(_ events: [AudioModel.Event]) {
            for event in events { _ = apply(event) }
        }
    }

    @Test(
        "what the server says, and what the shell is asked to do",
        arguments: [
            ("a stream announced is asked for", [], AudioModel.Event.streamAnnounced(5), [AudioModel.Action.describeStream(5)]),
            ("a client announced is asked for", [], .clientAnnounced(2), [.describeClient(2)]),
            ("a new sink is asked for", [], .sinkAnnounced(7, isChange: false), [.describeSink(7)]),
            // pipewire-pulse tells of no change of a moved stream: a sink's change asks every
            // stream where it plays, now and once more after the move settles.
            ("a sink's change asks every stream again, now and shortly after", [],
             .sinkAnnounced(7, isChange: true), [.describeSink(7), .describeAllStreams, .scheduleAllStreamsAgain(after: AudioModel.moveSettle)]),
            ("a stream described on its sink: changed", [], .streamDescribed(stream(5, on: 7)), [.changed]),
            ("described again the same: nothing", [.streamDescribed(stream(5, on: 7))], .streamDescribed(stream(5, on: 7)), []),
            // pipewire-pulse tells of no change when it links a stream: asked again until it says.
            ("a stream with no sink yet is asked again", [], .streamDescribed(stream(5, on: nil)),
             [.scheduleSinkAsks(after: AudioModel.sinkAskInterval), .changed]),
            ("a stream removed: changed", [.streamDescribed(stream(5, on: 7))], .streamRemoved(5), [.changed]),
            ("one never seen removed: nothing", [], .streamRemoved(5), []),
            ("a sink removed: told after its card had time to go", [.sinkDescribed(headset)], .sinkRemoved(7),
             [.scheduleRemovals(after: AudioModel.cardGrace), .changed]),
            ("disconnected with something known: changed", [.sinkDescribed(headset)], .disconnected, [.changed]),
            ("disconnected with nothing known: nothing", [], .disconnected, []),
        ] as [(String, [AudioModel.Event], AudioModel.Event, [AudioModel.Action])])
    func rows(_ name: String, _ before: [AudioModel.Event], _ event: AudioModel.Event, _ expected: [AudioModel.Action]) {
        var transcript = Transcript()
        transcript.apply(before)
        #expect(transcript.apply(event) == expected, "\(name)")
    }

    @Test("a stream with no sink is asked every interval until it says, and at most 30 times")
    func sinkAsks() {
        var transcript = Transcript()
        _ = transcript.apply(.streamDescribed(Self.stream(5, on: nil)))
        #expect(transcript.apply(.sinkAsksDue) == [.describeStream(5)])
        // Still no sink: asked again.
        #expect(transcript.apply(.streamDescribed(Self.stream(5, on: nil))) == [.scheduleSinkAsks(after: AudioModel.sinkAskInterval)])
        // It says: no more asking.
        #expect(transcript.apply(.streamDescribed(Self.stream(5, on: 7))) == [.changed])
        #expect(transcript.apply(.sinkAsksDue).isEmpty)
        // One that never says is given up after sinkAsksMost.
        var stubborn = Transcript()
        var asks = 0
        for _ in 0..<50 {
            guard stubborn.apply(.streamDescribed(Self.stream(6, on: nil))).contains(.scheduleSinkAsks(after: AudioModel.sinkAskInterval)) else { break }
            asks += stubborn.apply(.sinkAsksDue).count
        }
        #expect(asks == AudioModel.sinkAsksMost)
        #expect(stubborn.apply(.sinkAsksDue).isEmpty)
        // Given up for as long as it lasts: described again with no sink, it is not asked again.
        #expect(stubborn.apply(.streamDescribed(Self.stream(6, on: nil))).isEmpty)
        #expect(stubborn.apply(.sinkAsksDue).isEmpty)
        // Removed and made again under its number, it is a new stream: asked again.
        _ = stubborn.apply(.streamRemoved(6))
        #expect(stubborn.apply(.streamDescribed(Self.stream(6, on: nil))) == [.scheduleSinkAsks(after: AudioModel.sinkAskInterval), .changed])
    }

    @Test("a stream removed is asked for no more")
    func removedNotAsked() {
        var transcript = Transcript()
        _ = transcript.apply(.streamDescribed(Self.stream(5, on: nil)))
        _ = transcript.apply(.streamRemoved(5))
        #expect(transcript.apply(.sinkAsksDue).isEmpty)
    }

    @Test("a move exactly a second before the removal still counts; a microsecond more does not")
    func moveBound() {
        for (gap, counted) in [(AudioModel.moveBeforeRemoval, true), (AudioModel.moveBeforeRemoval + .microseconds(1), false)] {
            var transcript = Transcript()
            transcript.apply([.sinkDescribed(Self.headset), .streamDescribed(Self.stream(1, on: 7))])
            _ = transcript.apply(.streamDescribed(Self.stream(1, on: 8)))
            _ = transcript.apply(.sinkRemoved(7), after: gap)
            let expected = counted ? [Self.stream(1, on: 8)] : []
            #expect(transcript.apply(.removalsDue) == [.removed(Self.headset, streams: expected, deviceGone: true)], "\(gap)")
        }
    }

    @Test("a sink removed: the streams on it, and one moved off it within a second, are told; its device gone or not")
    func removal() {
        var transcript = Transcript()
        transcript.apply([
            .sinkDescribed(Self.headset), .sinkDescribed(Self.speakers), .cardDescribed(3),
            .streamDescribed(Self.stream(1, on: 7)), .streamDescribed(Self.stream(2, on: 7)), .streamDescribed(Self.stream(3, on: 8)),
        ])
        // The server moves stream 2 off the headset before it tells of the removal.
        _ = transcript.apply(.streamDescribed(Self.stream(2, on: 8)))
        _ = transcript.apply(.sinkRemoved(7), after: .milliseconds(500))
        // The card goes within the grace: the device went.
        _ = transcript.apply(.cardRemoved(3))
        #expect(transcript.apply(.removalsDue) == [
            .removed(Self.headset, streams: [Self.stream(1, on: 7), Self.stream(2, on: 8)], deviceGone: true),
        ])
        #expect(transcript.apply(.removalsDue).isEmpty)
    }

    @Test("a move longer ago than a second is the person's: the stream did not play to the sink removed")
    func oldMove() {
        var transcript = Transcript()
        transcript.apply([.sinkDescribed(Self.headset), .streamDescribed(Self.stream(1, on: 7)), .streamDescribed(Self.stream(1, on: 8))])
        _ = transcript.apply(.sinkRemoved(7), after: AudioModel.moveBeforeRemoval + .milliseconds(1))
        #expect(transcript.apply(.removalsDue) == [.removed(Self.headset, streams: [], deviceGone: true)])
    }

    @Test("a sink removed with its card still there is a profile change, not a device gone; a sink of no card, gone")
    func profileChange() {
        var transcript = Transcript()
        transcript.apply([.sinkDescribed(Self.headset), .sinkDescribed(Self.speakers), .cardDescribed(3), .streamDescribed(Self.stream(1, on: 7))])
        _ = transcript.apply(.sinkRemoved(7))
        _ = transcript.apply(.sinkRemoved(8))
        #expect(transcript.apply(.removalsDue) == [
            .removed(Self.headset, streams: [Self.stream(1, on: 7)], deviceGone: false),
            .removed(Self.speakers, streams: [], deviceGone: true),
        ])
    }

    @Test("disconnected, everything goes with it: the streams, the sinks, the asks and the removals pending")
    func disconnected() {
        var transcript = Transcript()
        transcript.apply([.sinkDescribed(Self.headset), .streamDescribed(Self.stream(1, on: nil)), .sinkRemoved(7)])
        _ = transcript.apply(.disconnected)
        #expect(transcript.model.isEmpty)
        #expect(transcript.apply(.sinkAsksDue).isEmpty)
        #expect(transcript.apply(.removalsDue).isEmpty)
    }
}
