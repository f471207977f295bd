import DBusTypes
import Testing

@testable import MPRIS

@Suite("A launched player with nothing to play, by its properties as just read")
struct PlayerTrackTests {
    static func properties(_ status: String, _ metadata: [(String, Value)]) -> [String: Value] {
        ["PlaybackStatus": .string(status), "Metadata": .stringVariantDictionary(metadata)]
    }

    @Test("an idle mpv: Stopped, or Playing with only mpris:trackid /noplaylist (as seen with mpv-mpris), or with an empty map")
    func idle() {
        #expect(PlayerProperties.hasNothingToPlay(Self.properties("Stopped", [("mpris:trackid", .objectPath("/noplaylist"))])))
        #expect(PlayerProperties.hasNothingToPlay(Self.properties("Playing", [("mpris:trackid", .objectPath("/noplaylist"))])))
        #expect(PlayerProperties.hasNothingToPlay(Self.properties("Playing", [])))
        #expect(PlayerProperties.hasNothingToPlay(["PlaybackStatus": .string("Stopped")]))
    }

    @Test("playing anything named (a stream's title, a url, a length of any type), paused, unread or with no status: not nothing")
    func something() {
        #expect(!PlayerProperties.hasNothingToPlay(Self.properties("Playing", [("xesam:title", .string("Radio"))])))
        #expect(!PlayerProperties.hasNothingToPlay(Self.properties("Playing", [("xesam:url", .string("https://radio.example/stream"))])))
        #expect(!PlayerProperties.hasNothingToPlay(Self.properties("Playing", [("mpris:length", .int32(1))])))
        #expect(!PlayerProperties.hasNothingToPlay(Self.properties("Paused", [])))
        #expect(!PlayerProperties.hasNothingToPlay(["PlaybackStatus": .string("Playing")]))
        #expect(!PlayerProperties.hasNothingToPlay(["Metadata": .stringVariantDictionary([])]))
        #expect(!PlayerProperties.hasNothingToPlay([:]))
    }
}
