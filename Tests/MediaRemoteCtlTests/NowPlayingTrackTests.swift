import DBusTypes
import Testing

@testable import MediaRemoteCtl

@Suite("mediaremotectl status: the Now Playing track, read leniently")
struct NowPlayingTrackTests {
    static func track(_ properties: [(String, Value)]) -> NowPlayingTrack {
        var track = NowPlayingTrack(player: "org.mpris.MediaPlayer2.mpv")
        track.apply(Dictionary(properties) { _, last in last })
        return track
    }

    @Test("a well-formed player: status, artist – title, position / length")
    func wellFormed() {
        let track = Self.track([
            ("PlaybackStatus", .string("Playing")), ("Position", .int64(12_300_000)),
            ("Metadata", .stringVariantDictionary([
                ("xesam:title", .string("Blue in Green")), ("xesam:artist", .array(.string, [.string("Miles Davis"), .string("Bill Evans")])),
                ("xesam:album", .string("Kind of Blue")), ("mpris:length", .int64(337_000_000)),
            ])),
        ])
        #expect(track.line == "Playing  Miles Davis, Bill Evans - Blue in Green  0:12 / 5:37  (org.mpris.MediaPlayer2.mpv)")
        #expect(track.album == "Kind of Blue")
    }

    @Test(
        "what players get wrong is left out, never guessed",
        arguments: [
            ("a one-string artist", [("Metadata", Value.stringVariantDictionary([("xesam:artist", .string("Nico"))]))], "?  Nico  (org.mpris.MediaPlayer2.mpv)"),
            ("a length as uint64, a position as double", [
                ("Position", .double(61_000_000)), ("Metadata", .stringVariantDictionary([("mpris:length", .uint64(3_600_000_000))])),
            ], "?  (no title)  1:01 / 1:00:00  (org.mpris.MediaPlayer2.mpv)"),
            ("a title of the wrong type, an empty artist list", [
                ("PlaybackStatus", .string("Paused")),
                ("Metadata", .stringVariantDictionary([("xesam:title", .int32(7)), ("xesam:artist", .array(.string, []))])),
            ], "Paused  (no title)  (org.mpris.MediaPlayer2.mpv)"),
            ("metadata that is not a dictionary", [("Metadata", .string("nope")), ("Position", .string("soon"))], "?  (no title)  (org.mpris.MediaPlayer2.mpv)"),
            ("a negative position", [("Position", .int64(-5))], "?  (no title)  0:00  (org.mpris.MediaPlayer2.mpv)"),
            // Int64(Double) would trap on these: the client must print, not crash.
            ("a length of NaN, a position of 1e300", [
                ("Position", .double(1e300)), ("Metadata", .stringVariantDictionary([("mpris:length", .double(.nan))])),
            ], "?  (no title)  (org.mpris.MediaPlayer2.mpv)"),
        ] as [(String, [(String, Value)], String)])
    func lenient(_ name: String, _ properties: [(String, Value)], _ line: String) {
        #expect(Self.track(properties).line == line, "\(name)")
    }

    @Test("new metadata replaces the old track whole")
    func newTrack() {
        var track = Self.track([("Metadata", .stringVariantDictionary([("xesam:title", .string("One")), ("mpris:length", .int64(60_000_000))]))])
        track.apply(["Metadata": .stringVariantDictionary([("xesam:title", .string("Two"))])])
        #expect(track.title == "Two")
        #expect(track.length == nil)
    }

    @Test("clock times", arguments: [(0, "0:00"), (9_999_999, "0:09"), (60_000_000, "1:00"), (3_599_000_000, "59:59"), (3_661_000_000, "1:01:01")] as [(Int64, String)])
    func clock(_ microseconds: Int64, _ text: String) {
        #expect(NowPlayingTrack.clock(microseconds) == text)
    }
}
