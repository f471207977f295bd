import Audio
import AudioModel
import Core
import Testing

@testable import Bridge

/// Who an output going away pauses: every app heard through it that plays, Now Playing first.
@Suite("Route loss: who is paused")
struct RouteLossRulesTests {
    static let (a, b, c): (AppID, AppID, AppID) = (":1.1", ":1.2", ":1.3")

    @Test(
        "Now Playing first if it was heard there, then each other app heard there that says Playing",
        arguments: [
            ("Now Playing alone", [a], a, [a: true], [a]),
            ("Now Playing and another", [a, b], a, [a: true, b: true], [a, b]),
            ("another only: Now Playing played elsewhere", [b], a, [a: true, b: true], [b]),
            ("Now Playing first, whatever the names", [a, b, c], c, [a: true, b: true, c: true], [c, a, b]),
            ("a paused one is left alone", [a, b], a, [a: true, b: false], [a]),
            ("a paused Now Playing is left alone", [a, b], a, [a: false, b: true], [b]),
            ("Now Playing with no player: its responders decide", [a], a, [:], [a]),
            ("another with no player is not paused", [a, b], a, [a: true], [a]),
            ("nobody heard there", [], a, [a: true], []),
        ] as [(String, Set<AppID>, AppID?, [AppID: Bool], [AppID])])
    func appsToPause(_ name: String, _ heard: Set<AppID>, _ nowPlaying: AppID?, _ playing: [AppID: Bool], _ expected: [AppID]) {
        #expect(RouteLoss.appsToPause(heardThrough: heard, nowPlaying: nowPlaying) { playing[$0] } == expected, "\(name)")
    }

    @Test("a jack: Now Playing unless known elsewhere, and every other app known to play to the jack's card")
    func jack() {
        let analog = JackRouteTests.analog, usb = JackRouteTests.usb, bluetooth = JackRouteTests.bluetooth
        #expect(RouteLoss.heardThrough(jackCard: 0, nowPlaying: Self.a, sinksOf: [Self.a: [usb], Self.b: [analog], Self.c: [bluetooth]]) == [Self.b])
        #expect(RouteLoss.heardThrough(jackCard: 0, nowPlaying: Self.a, sinksOf: [Self.a: [analog], Self.b: [analog]]) == [Self.a, Self.b])
        // Nothing known of Now Playing's sound: paused, as for any output gone; others only when known.
        #expect(RouteLoss.heardThrough(jackCard: nil, nowPlaying: Self.a, sinksOf: [Self.b: [analog]]) == [Self.a])
        #expect(RouteLoss.heardThrough(jackCard: 0, nowPlaying: nil, sinksOf: [Self.b: [bluetooth]]).isEmpty)
    }
}
