import DBusTypes
import MediaRemoteAPI
import Testing
import Time

@testable import Core

/// An app that does not answer an event in time may still act on it, so the event goes to nobody
/// else; and so that one hung app cannot hold every key, the next events pass it by until it
/// answers again.
@Suite("Not answering: sent is sent, and a hung app holds no key")
struct NotAnsweringTests {
    static let bothPlaying: [Step] = [.appear(A, .paused), .appear(B, .paused), .status(A, .playing), .status(B, .playing)]

    @Test("the next event passes a silent Now Playing app by, to the next in line; answering again brings it back")
    func passedBy() {
        var transcript = Transcript(Self.bothPlaying)
        #expect(transcript.nowPlaying == B)
        let first = transcript.send(.togglePlayPause, answers: [.noAnswer])
        guard case .unanswered(let link) = first.outcome else {
            Issue.record("\(first.outcome)")
            return
        }
        #expect(link.address == "player B" && first.delivered.count == 1)
        #expect(transcript.registry.isNotAnswering(B))
        #expect(transcript.nowPlaying == A)
        let second = transcript.send(.nextTrack)
        #expect(second.delivered.map(\.address) == ["player A"])
        #expect(transcript.registry.nowPlayingReason(for: B, at: transcript.now).hasPrefix("not answering"))
        transcript.apply(.answers(B))
        #expect(!transcript.registry.isNotAnswering(B))
        #expect(transcript.nowPlaying == B)
        #expect(transcript.send(.nextTrack).delivered.map(\.address) == ["player B"])
    }

    @Test("with nobody else to take it, the event is discarded as notAnswering, not sent again")
    func nobodyElse() {
        var transcript = Transcript([.appear(A, .paused), .status(A, .playing)])
        _ = transcript.send(.togglePlayPause, answers: [.noAnswer])
        let (outcome, delivered) = transcript.send(.togglePlayPause)
        #expect(outcome == .discarded(.notAnswering) && delivered.isEmpty)
    }

    @Test("a pin on a silent app is passed by while it is silent, and holds again when it answers")
    func pin() {
        var transcript = Transcript(Self.bothPlaying + [.remote(.pause), .status(B, .paused)])
        #expect(transcript.registry.pin?.app == B)
        _ = transcript.send(.play, answers: [.noAnswer])
        #expect(transcript.nowPlaying == A)
        transcript.apply(.answers(B))
        #expect(transcript.nowPlaying == B)
    }

    @Test("a shake whose first responder's app does not answer: the shake action on Now Playing, or notAnswering")
    func shake() {
        var transcript = Transcript(shakeAction: .nextTrack, [.appear(A, .paused), .status(A, .playing), .push(B, "/r")])
        _ = transcript.shake(.began, answers: [.noAnswer])
        #expect(transcript.registry.isNotAnswering(B))
        #expect(transcript.shake(.ended).delivered.map(\.address) == ["shake action nextTrack on A"])
        var none = Transcript([.push(B, "/r")])
        _ = none.shake(.began, answers: [.noAnswer])
        #expect(none.shake(.began).outcome == .discarded(.notAnswering))
    }

    @Test("a shake's beginning that got no answer may have begun: its cancel goes there")
    func cancelFollows() {
        var transcript = Transcript([.push(B, "/r")])
        _ = transcript.shake(.began, answers: [.noAnswer])
        #expect(transcript.shake(.cancelled).delivered.map(\.address) == ["responder B /r"])
    }

    @Test("an app leaving forgets that it did not answer")
    func leaving() {
        var transcript = Transcript(Self.bothPlaying)
        _ = transcript.send(.togglePlayPause, answers: [.noAnswer])
        transcript.apply([.leave(B), .appear(B, .playing)])
        #expect(!transcript.registry.isNotAnswering(B) && transcript.nowPlaying == B)
    }
}
