import DBus
import DBusTypes
import Foundation
import TestSupport

/// A real mpv with mpv-mpris, headless, on the fixture's bus, with a three-track playlist.
/// The test drives it only through MPRIS and reads its state the same way.
final class MPV {
    /// Three tagged tracks made with sox, once per test run.
    static let tracks: [String] = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mediaremote-tracks-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (1...3).map { number in
            let path = directory.appendingPathComponent("track\(number).ogg").path
            if !FileManager.default.fileExists(atPath: path) {
                _ = try? Subprocess.run("/usr/bin/sox", [
                    "-n", "-r", "22050", "-c", "1", path, "synth", "60", "sine", "\(220 * number)",
                ])
            }
            return path
        }
    }()

    /// Headless, paused, with only the MPRIS script and no user configuration.
    static var arguments: [String] { arguments(paused: true) }

    /// Headless, with only the MPRIS script and no user configuration; not `paused`, it plays at
    /// once, as `mpv FILE` does when a person starts it. `output`: its audio output (`null`:
    /// none, it makes no sound; `pipewire` or `pulse` with the fixture's audio server).
    static func arguments(paused: Bool, output: String = "null", extra: [String] = []) -> [String] {
        ["--ao=\(output)", "--no-video", "--idle=yes", "--no-terminal", "--no-config", "--script=/usr/lib/mpv-mpris/mpris.so"]
            + (paused ? ["--pause"] : []) + extra + tracks
    }

    let process: Subprocess
    let fixture: ServiceFixture
    private(set) var busName: BusName?

    /// Starts mpv paused on track 1 (`playing`: playing it, as a person launching mpv with a
    /// file does) and waits until MediaRemote lists it so.
    init(_ fixture: ServiceFixture, playing: Bool = false, output: String = "null", extra: [String] = []) throws {
        self.fixture = fixture
        let before = Set((try? fixture.client.listNames()) ?? [])
        process = try fixture.spawn("/usr/bin/mpv", MPV.arguments(paused: !playing, output: output, extra: extra))
        fixture.wait(timeout: .seconds(20)) {
            let names = Set((try? fixture.client.listNames()) ?? []).subtracting(before)
            self.busName = names.first { $0.rawValue.hasPrefix("org.mpris.MediaPlayer2.mpv") }
            return self.busName != nil
        }
        guard let busName else { throw TestFailure("mpv did not appear on the bus: \(process.stop().stderr)") }
        // Ready once its first track is loaded (mpv is Stopped until then) and MediaRemote has
        // seen it so: every test starts from a player on track 1, paused unless asked to play.
        let status = playing ? "Playing" : "Paused"
        guard fixture.wait(for: { fixture.players.contains { $0.hasPrefix("\(busName.rawValue) \(status) ") } }) else {
            throw TestFailure("MediaRemote did not list \(busName) as \(status): \(fixture.players)")
        }
    }

    var name: String { busName?.rawValue ?? "" }

    /// Calls an MPRIS Player method on it directly, as any client could.
    func command(_ member: MemberName) {
        guard let busName else { return }
        _ = try? fixture.client.callBlocking(.methodCall(
            destination: busName, path: "/org/mpris/MediaPlayer2", interface: "org.mpris.MediaPlayer2.Player", member: member))
    }

    func playerProperty(_ name: String) -> Value? {
        guard let busName,
            let reply = try? fixture.client.callBlocking(.methodCall(
                destination: busName, path: "/org/mpris/MediaPlayer2", interface: .properties, member: "Get",
                arguments: [.string("org.mpris.MediaPlayer2.Player"), .string(name)]))
        else { return nil }
        return reply.arguments.first?.unwrapped
    }

    var status: String { if case .string(let status)? = playerProperty("PlaybackStatus") { status } else { "?" } }

    /// The current track's title (mpv uses the file name).
    var title: String {
        guard case .dictionary(_, _, let entries)? = playerProperty("Metadata") else { return "?" }
        for entry in entries where entry.key == .string("xesam:title") {
            if case .string(let title) = entry.value.unwrapped { return title }
        }
        return "?"
    }

    /// Plays and waits until MediaRemote has seen it playing.
    func play() {
        command("Play")
        fixture.wait { self.status == "Playing" && fixture.players.contains { $0.hasPrefix("\(self.name) Playing ") } }
    }

    func pause() {
        command("Pause")
        fixture.wait { self.status == "Paused" && fixture.players.contains { $0.hasPrefix("\(self.name) Paused") } }
    }
}
