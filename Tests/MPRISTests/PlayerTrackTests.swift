import DBusTypes
import Testing

@testable import MPRIS

@Suite("Whether a player's properties name a track to play")
struct PlayerTrackTests {
    static func properties(_ metadata: [(String, Value)]) -> [String: Value] {
        ["PlaybackStatus": .string("Playing"), "Metadata": .stringVariantDictionary(metadata)]
    }

    @Test("an idle mpv (only mpris:trackid /noplaylist, as seen with mpv-mpris) and an empty map name none")
    func none() {
        #expect(PlayerProperties.namesTrack(Self.properties([("mpris:trackid", .objectPath("/noplaylist"))])) == false)
        #expect(PlayerProperties.namesTrack(Self.properties([])) == false)
        #expect(PlayerProperties.namesTrack(Self.properties([("xesam:title", .string("")), ("mpris:length", .int64(0))])) == false)
    }

    @Test("a url, a title or a length names one")
    func named() {
        #expect(PlayerProperties.namesTrack(Self.properties([("xesam:url", .string("file:///music/a.flac"))])) == true)
        #expect(PlayerProperties.namesTrack(Self.properties([("xesam:title", .string("A"))])) == true)
        #expect(PlayerProperties.namesTrack(Self.properties([("mpris:length", .int64(180_000_000))])) == true)
        #expect(PlayerProperties.namesTrack(Self.properties([("mpris:length", .uint64(1))])) == true)
    }

    @Test("no Metadata at all, or one of another type: nobody can tell")
    func unknown() {
        #expect(PlayerProperties.namesTrack(["PlaybackStatus": .string("Playing")]) == nil)
        #expect(PlayerProperties.namesTrack(["Metadata": .string("nothing")]) == nil)
    }
}
