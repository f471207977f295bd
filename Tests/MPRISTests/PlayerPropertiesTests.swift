import Core
import DBusTypes
import MediaRemoteAPI
import Testing

@testable import MPRIS

@Suite("Reading a player's properties, leniently")
struct PlayerPropertiesTests {
    @Test("a well-behaved player")
    func wellBehaved() {
        let properties = PlayerProperties([
            "PlaybackStatus": .string("Playing"), "CanControl": .boolean(true), "CanGoNext": .boolean(false),
            "CanPlay": .boolean(true), "Metadata": .stringVariantDictionary([]),
        ])
        #expect(properties.status == .playing)
        #expect(properties.known == [.control, .goNext, .play])
        #expect(properties.initialCapabilities == PlayerCapabilities.all.subtracting(.goNext))
    }

    @Test(
        "a strange player: wrong types and unknown values are ignored, never fatal",
        arguments: [
            ["PlaybackStatus": .int32(1), "CanControl": .string("yes")],
            ["PlaybackStatus": .string("Buffering")],
            ["CanGoNext": .array(.boolean, [.boolean(true)])],
            [:],
        ] as [[String: Value]])
    func strange(_ value: [String: Value]) {
        let properties = PlayerProperties(value)
        #expect(properties.status == nil)
        #expect(properties.known.isEmpty)
        #expect(properties.initialCapabilities == .all)
    }

    @Test("a change updates only what it names")
    func applied() {
        let change = PlayerProperties(["CanSeek": .boolean(false), "CanPause": .boolean(true)])
        #expect(change.applied(to: [.control, .seek]) == [.control, .pause])
    }

    @Test(
        "subtypes become MPRIS calls",
        arguments: [
            (RemoteControlSubtype.togglePlayPause, PlayerCommand.call(TypedMethod("PlayPause"))), (.play, .call(TypedMethod("Play"))), (.pause, .call(TypedMethod("Pause"))),
            (.stop, .call(TypedMethod("Stop"))), (.nextTrack, .call(TypedMethod("Next"))), (.previousTrack, .call(TypedMethod("Previous"))),
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
