import Core
import MediaRemoteAPI
import Testing
import Time

@testable import Input

@Suite("Media keys: mapping, autorepeat, held seeks")
struct KeyTranslatorTests {
    static func instant(_ microseconds: UInt64) -> MonotonicInstant { MonotonicInstant(microseconds: microseconds) }

    @Test(
        "each media key's event",
        arguments: [
            (KeyCode.playPause, RemoteControlSubtype.togglePlayPause), (KeyCode.playCD, .play), (KeyCode.play, .play),
            (KeyCode.pauseCD, .pause), (KeyCode.pause, .pause), (KeyCode.stopCD, .stop), (KeyCode.stop, .stop),
            (KeyCode.nextSong, .nextTrack), (KeyCode.previousSong, .previousTrack),
            (KeyCode.fastForward, .beginSeekingForward), (KeyCode.rewind, .beginSeekingBackward),
        ])
    func mapping(_ code: UInt16, _ subtype: RemoteControlSubtype) {
        var translator = KeyTranslator(isMediaDevice: true)
        #expect(translator.key(code, .pressed, at: Self.instant(10)).map(\.remoteControlSubtype) == [subtype])
    }

    @Test("KEY_PAUSE is pause only on a media device: on a keyboard it is Pause/Break")
    func pauseKey() {
        var keyboard = KeyTranslator(isMediaDevice: false)
        #expect(keyboard.key(KeyCode.pause, .pressed, at: Self.instant(1)).isEmpty)
        #expect(keyboard.key(KeyCode.pauseCD, .pressed, at: Self.instant(2)).map(\.remoteControlSubtype) == [.pause])
    }

    @Test("a transcript: autorepeat is not a new event; release of a press key is nothing; other keys are nothing")
    func transcript() {
        var translator = KeyTranslator(isMediaDevice: true)
        let input: [(UInt16, KeyValue, UInt64)] = [
            (KeyCode.playPause, .pressed, 100), (KeyCode.playPause, .autorepeat, 350), (KeyCode.playPause, .autorepeat, 383),
            (KeyCode.playPause, .released, 400), (30, .pressed, 500), (30, .released, 510),
            (KeyCode.fastForward, .pressed, 600), (KeyCode.fastForward, .autorepeat, 850), (KeyCode.fastForward, .released, 1900),
            (KeyCode.rewind, .released, 2000),
        ]
        let events = input.flatMap { translator.key($0.0, $0.1, at: Self.instant($0.2)) }
        #expect(events.map { "\($0.subtype)@\($0.timestamp.microseconds)" } == [
            "togglePlayPause@100", "beginSeekingForward@600", "endSeekingForward@1900",
        ])
        #expect(events.allSatisfy { $0.source == .key })
    }

    @Test("a device removed while a seek key is held ends the seek")
    func removedMidSeek() {
        var translator = KeyTranslator(isMediaDevice: true)
        _ = translator.key(KeyCode.rewind, .pressed, at: Self.instant(10))
        #expect(translator.deviceRemoved(at: Self.instant(20)).map(\.remoteControlSubtype) == [.endSeekingBackward])
        #expect(translator.deviceRemoved(at: Self.instant(30)).isEmpty)
    }
}

@Suite("Device classification")
struct DeviceClassTests {
    static let letters = Set(KeyCode.letters)

    @Test(
        "classes",
        arguments: [
            (DeviceCapabilities(name: "HDA Intel PCH Headphone Mic", keys: [KeyCode.media]), DeviceClass.mediaDevice),
            (DeviceCapabilities(name: "Logitech USB Headset Consumer Control", keys: [KeyCode.playPause, KeyCode.nextSong, 115, 114]), .mediaDevice),
            (DeviceCapabilities(name: "WH-1000XM4 (AVRCP)", keys: [KeyCode.playCD, KeyCode.pauseCD, KeyCode.nextSong]), .mediaDevice),
            (DeviceCapabilities(name: "AT Translated Set 2 keyboard", keys: letters.union([KeyCode.playPause, KeyCode.nextSong])), .keyboard),
            (DeviceCapabilities(name: "lis3lv02d", keys: [], hasXYZAxes: true), .accelerometer),
            (DeviceCapabilities(name: "Nintendo Switch Pro Controller IMU", keys: [], hasAccelerometerProperty: true), .accelerometer),
            (DeviceCapabilities(name: "Power Button", keys: [116]), .other),
            (DeviceCapabilities(name: "Some Mouse", keys: [272, 273]), .other),
        ])
    func classes(_ device: DeviceCapabilities, _ expected: DeviceClass) {
        #expect(device.classification == expected)
    }
}
