import Core
import MediaRemoteAPI
import Testing
import Time

@testable import Input

/// Transcripts: button presses and releases with timestamps (ms) in, events out. The
/// recognizer's own deadlines are honoured between inputs, as the service's timer does.
@Suite("Single-button headset gestures")
struct HeadsetRecognizerTests {
    enum Input {
        case down(UInt64)
        case up(UInt64)
    }

    /// The tests' own timing (the transcripts' times are written for it): a 300 ms click gap, a
    /// 500 ms hold.
    static let timing = HeadsetRecognizer.Timing(clickGap: .milliseconds(300), holdThreshold: .milliseconds(500))

    /// `milliseconds` after the clock's start.
    static func ms(_ milliseconds: UInt64) -> MonotonicInstant { .zero + .milliseconds(milliseconds) }

    /// Runs a transcript (times in ms) and returns "subtype@ms" for each event, with the
    /// recognizer's deadlines honoured in between and up to `end`.
    static func run(_ inputs: [Input], until end: UInt64 = 5000) -> [String] {
        var recognizer = HeadsetRecognizer(timing: Self.timing)
        var events: [Event] = []
        func advance(to time: MonotonicInstant) {
            while let deadline = recognizer.deadline, deadline <= time {
                events += recognizer.timeout(at: deadline)
            }
        }
        for input in inputs {
            switch input {
            case .down(let time):
                advance(to: ms(time))
                events += recognizer.press(at: ms(time))
            case .up(let time):
                advance(to: ms(time))
                events += recognizer.release(at: ms(time))
            }
        }
        advance(to: ms(end))
        return events.map { "\($0.subtype)@\($0.timestamp.microseconds / 1000)" }
    }

    @Test(
        "gestures",
        arguments: [
            ("click", [.down(0), .up(100)], ["togglePlayPause@400"]),
            ("double-click", [.down(0), .up(100), .down(250), .up(350)], ["nextTrack@650"]),
            ("triple-click", [.down(0), .up(100), .down(250), .up(350), .down(500), .up(600)], ["previousTrack@900"]),
            ("two clicks too far apart are two clicks", [.down(0), .up(100), .down(450), .up(550)],
             ["togglePlayPause@400", "togglePlayPause@850"]),
            ("the gap boundary: 300 ms still joins", [.down(0), .up(100), .down(400), .up(450)], ["nextTrack@750"]),
            ("click and hold seeks forward while held", [.down(0), .up(1800)], ["beginSeekingForward@500", "endSeekingForward@1800"]),
            ("the hold boundary: 499 ms is a click", [.down(0), .up(499)], ["togglePlayPause@799"]),
            ("double-click and hold seeks backward", [.down(0), .up(100), .down(200), .up(2000)],
             ["beginSeekingBackward@700", "endSeekingBackward@2000"]),
            ("triple-click and hold does nothing", [.down(0), .up(100), .down(200), .up(300), .down(400), .up(2000)], []),
            ("a gesture after a hold starts afresh", [.down(0), .up(900), .down(1000), .up(1100)],
             ["beginSeekingForward@500", "endSeekingForward@900", "togglePlayPause@1400"]),
        ] as [(String, [Input], [String])])
    func gestures(_ name: String, _ inputs: [Input], _ expected: [String]) {
        #expect(Self.run(inputs) == expected, "\(name)")
    }

    @Test("a headset unplugged mid-hold ends the seek; mid-gesture drops it")
    func removed() {
        var recognizer = HeadsetRecognizer(timing: Self.timing)
        _ = recognizer.press(at: Self.ms(0))
        _ = recognizer.timeout(at: Self.ms(600))
        #expect(recognizer.deviceRemoved(at: Self.ms(700)).map(\.remoteControlSubtype) == [.endSeekingForward])
        _ = recognizer.press(at: Self.ms(800))
        _ = recognizer.release(at: Self.ms(900))
        #expect(recognizer.deviceRemoved(at: Self.ms(950)).isEmpty)
        #expect(recognizer.deadline == nil)
    }

    @Test("timings are configurable")
    func timing() {
        var recognizer = HeadsetRecognizer(timing: .init(clickGap: .milliseconds(500), holdThreshold: .seconds(1)))
        _ = recognizer.press(at: Self.ms(0))
        _ = recognizer.release(at: Self.ms(100))
        #expect(recognizer.timeout(at: Self.ms(450)).isEmpty)
        _ = recognizer.press(at: Self.ms(550))
        _ = recognizer.release(at: Self.ms(600))
        #expect(recognizer.timeout(at: Self.ms(1200)).map(\.remoteControlSubtype) == [.nextTrack])
    }
}
