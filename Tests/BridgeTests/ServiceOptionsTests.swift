import Bridge
import Config
import DBusTypes
import Input
import MediaRemoteAPI
import MPRIS
import Testing

/// The service's options hold the configuration and the two directories; the parts read them
/// through views in their own types, and a reload's changes are the keys that differ.
@Suite("the service's options: the configuration's views, and what differs")
struct ServiceOptionsTests {
    static var configured: Configuration {
        var configuration = Configuration()
        configuration.mode = .strict
        configuration.callTimeout = .milliseconds(400)
        configuration.ignoredPlayers = ["org.mpris.MediaPlayer2.vlc"]
        configuration.playerPriority = ["org.mpris.MediaPlayer2.mpv"]
        configuration.seekStep = .seconds(10)
        configuration.readKeyboards = true
        configuration.headsetHold = .milliseconds(700)
        configuration.excludeDevices = ["*Webcam*"]
        configuration.shakeSensitivity = 2
        configuration.shakeAction = .shuffle
        configuration.pauseOnRouteLoss = false
        return configuration
    }

    @Test("each view reads the configuration; the players never counted are ignored whatever it says")
    func views() {
        let options = Service.Options(Self.configured, inputDirectory: "/tmp/input", iioDirectory: "/tmp/iio")
        #expect(options.mode == .strict)
        #expect(options.callTimeout == .milliseconds(400))
        #expect(options.ignoredPlayers == MPRISNames.ignoredByDefault.union(["org.mpris.MediaPlayer2.vlc"]))
        #expect(options.playerPriority == ["org.mpris.MediaPlayer2.mpv"])
        #expect(options.seekStep == .seconds(10) && options.seekInterval == Configuration().seekInterval)
        #expect(options.shakeAction == .shuffle && !options.pauseOnRouteLoss && !options.mprisProxy)
        #expect(options.input.readKeyboards && options.input.exclude == ["*Webcam*"] && options.input.include.isEmpty)
        #expect(options.input.headsetTiming.holdThreshold == .milliseconds(700))
        #expect(options.input.directory == "/tmp/input")
        #expect(options.motion.detector == Self.configured.detectorParameters)
        #expect(options.motion.iioDirectory == "/tmp/iio")
        #expect(Service.Options().ignoredPlayers == MPRISNames.ignoredByDefault)
        #expect(Service.Options().input.directory == InputDirectory.standard)
        #expect(Service.Options().motion == MotionInput.Options())
    }

    @Test("the changes are the keys that differ, in the file's order, then the directories")
    func changes() {
        let old = Service.Options()
        #expect(old.changes(from: old).isEmpty)
        #expect(Service.Options(Self.configured).changes(from: old) == [
            "service.mode", "service.call_timeout_ms", "players.ignore", "players.priority", "players.pause_on_route_loss",
            "keys.seek_step_ms", "keys.headset_hold_ms", "devices.read_keyboards", "devices.exclude", "shake.action",
            "shake.sensitivity",
        ])
        #expect(old.changes(from: Service.Options(Self.configured)).count == 11)
        let moved = Service.Options(Configuration(), inputDirectory: "/tmp/input", iioDirectory: "/tmp/iio")
        #expect(moved.changes(from: old) == ["input directory", "IIO directory"])
        // Naming the standard folder is no change.
        #expect(Service.Options(Configuration(), inputDirectory: InputDirectory.standard).changes(from: old).isEmpty)
    }
}
