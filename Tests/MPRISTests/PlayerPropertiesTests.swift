import Core
import DBusTypes
import Testing

@testable import MPRIS

@Suite("Reading a player's properties, leniently")
struct PlayerPropertiesTests {
    @Test("a well-behaved player")
    func wellBehaved() {
        let properties = PlayerProperties(.stringVariantDictionary([
            ("PlaybackStatus", .string("Playing")), ("CanControl", .boolean(true)), ("CanGoNext", .boolean(false)),
            ("CanPlay", .boolean(true)), ("Metadata", .stringVariantDictionary([])),
        ]))
        #expect(properties.status == .playing)
        #expect(properties.known == [.control, .goNext, .play])
        #expect(properties.initialCapabilities == PlayerCapabilities.all.subtracting(.goNext))
    }

    @Test(
        "a strange player: wrong types and unknown values are ignored, never fatal",
        arguments: [
            Value.stringVariantDictionary([("PlaybackStatus", .int32(1)), ("CanControl", .string("yes"))]),
            .stringVariantDictionary([("PlaybackStatus", .string("Buffering"))]),
            .stringVariantDictionary([("CanGoNext", .array(.boolean, [.boolean(true)]))]),
            .array(.string, [.string("not a dictionary")]),
            .dictionary(key: .uint32, value: .variant, [.init(.uint32(1), .variant(.boolean(true)))]),
            .string("nothing"),
        ])
    func strange(_ value: Value) {
        let properties = PlayerProperties(value)
        #expect(properties.status == nil)
        #expect(properties.known.isEmpty)
        #expect(properties.initialCapabilities == .all)
    }

    @Test("a change updates only what it names")
    func applied() {
        let change = PlayerProperties(.stringVariantDictionary([("CanSeek", .boolean(false)), ("CanPause", .boolean(true))]))
        #expect(change.applied(to: [.control, .seek]) == [.control, .pause])
    }

    @Test(
        "subtypes become MPRIS calls",
        arguments: [
            (RemoteControlSubtype.togglePlayPause, PlayerCommand.call("PlayPause")), (.play, .call("Play")), (.pause, .call("Pause")),
            (.stop, .call("Stop")), (.nextTrack, .call("Next")), (.previousTrack, .call("Previous")),
            (.beginSeekingForward, .beginSeeking(forward: true)), (.beginSeekingBackward, .beginSeeking(forward: false)),
            (.endSeekingForward, .endSeeking(forward: true)), (.endSeekingBackward, .endSeeking(forward: false)),
        ] as [(RemoteControlSubtype, PlayerCommand)])
    func commands(_ subtype: RemoteControlSubtype, _ command: PlayerCommand) {
        #expect(PlayerCommand(subtype) == command)
    }

    @Test("names: players, and the ones never treated as players")
    func names() {
        #expect(MPRISNames.isPlayerName("org.mpris.MediaPlayer2.vlc.instance42"))
        #expect(!MPRISNames.isPlayerName("org.mpris.MediaPlayer2"))
        #expect(!MPRISNames.isPlayerName(":1.4"))
        #expect(MPRISNames.ignoredByDefault.contains("org.mpris.MediaPlayer2.mediaremote"))
        #expect(MPRISNames.ignoredByDefault.contains("org.mpris.MediaPlayer2.playerctld"))
    }
}
