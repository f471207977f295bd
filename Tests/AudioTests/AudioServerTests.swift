import Audio
import AudioModel
import Foundation
import Loop
import Testing
import TestSupport

/// ``AudioServer`` against a real audio server (pipewire, wireplumber, pipewire-pulse on a
/// private runtime directory) and real players (mpv through PipeWire and through pulse).
@Suite("Following the audio server", .serialized)
struct AudioServerTests {
    /// Records what the follower reports.
    final class Recorder: AudioServerDelegate {
        var connections: [(Bool, String)] = []
        var removed: [(AudioSink, [AudioStream], deviceGone: Bool)] = []
        var changes = 0
        func audioServer(_ server: AudioServer, isConnected: Bool, _ description: String) { connections.append((isConnected, description)) }
        func audioServerChanged(_ server: AudioServer) { changes += 1 }
        func audioServer(_ server: AudioServer, removed sink: AudioSink, streams: [AudioStream], deviceGone: Bool) {
            removed.append((sink, streams, deviceGone))
        }
    }

    /// A bus, a server on it, and a follower of it on a loop of the test's.
    final class Fixture {
        let bus: PrivateBus
        let audio: PrivateAudioServer
        let loop: EventLoop
        let server: AudioServer
        let recorder = Recorder()

        init(startServer: Bool = true) throws {
            bus = try PrivateBus()
            audio = try PrivateAudioServer(bus: bus.environment)
            if !startServer { audio.stop() }
            loop = try EventLoop()
            // Its address, not the environment: tests run side by side in one process.
            server = AudioServer(loop: loop, server: "unix:" + audio.directory.appendingPathComponent("pulse/native").path)
            server.delegate = recorder
            server.start()
        }

        @discardableResult
        func wait(_ timeout: Duration = .seconds(10), _ condition: () -> Bool) -> Bool {
            loop.run(until: condition, timeout: timeout)
        }

        /// mpv playing a tone through `output` (`pipewire`, `pulse` or `null`).
        func mpv(_ output: String, _ extra: [String] = []) throws -> Subprocess {
            let process = Subprocess("/usr/bin/mpv", ["--no-config", "--no-video", "--no-terminal", "--ao=\(output)"] + extra + ["av://lavfi:sine=frequency=440"], environment: audio.environment)
            try process.start()
            return process
        }

        func streams(of pid: pid_t) -> [AudioStream] {
            server.streams.values.filter { stream in
                StreamProcess(of: stream, client: stream.client.flatMap { server.clients[$0] })?.processID == pid
            }
        }
    }

    @Test("a native PipeWire stream is known by its client's socket, a pulse one by what it reports; mute and volume are followed")
    func streamsAndTheirProcesses() throws {
        let fixture = try Fixture()
        #expect(fixture.wait { fixture.server.isConnected && fixture.server.sinks.count == 2 })
        #expect(fixture.recorder.connections.first?.0 == true, "\(fixture.recorder.connections)")
        #expect(fixture.recorder.connections.first?.1.contains("PipeWire") == true, "\(fixture.recorder.connections)")

        let native = try fixture.mpv("pipewire")
        let pulse = try fixture.mpv("pulse")
        #expect(fixture.wait { fixture.streams(of: native.pid).count == 1 && fixture.streams(of: pulse.pid).count == 1 },
                "\(fixture.server.streams) \(fixture.server.clients)")
        let nativeStream = try #require(fixture.streams(of: native.pid).first)
        let pulseStream = try #require(fixture.streams(of: pulse.pid).first)
        #expect(StreamProcess(of: nativeStream, client: nativeStream.client.flatMap { fixture.server.clients[$0] })?.source == .socketCredentials)
        #expect(StreamProcess(of: pulseStream, client: pulseStream.client.flatMap { fixture.server.clients[$0] })?.source == .reported)
        #expect(fixture.wait { fixture.streams(of: native.pid).first?.isAudible == true })

        try fixture.audio.pactl(["set-sink-input-mute", "\(nativeStream.id)", "1"])
        #expect(fixture.wait { fixture.server.streams[nativeStream.id]?.isMuted == true })
        #expect(fixture.server.streams[nativeStream.id]?.isAudible == false)
        try fixture.audio.pactl(["set-sink-input-mute", "\(nativeStream.id)", "0"])
        try fixture.audio.pactl(["set-sink-input-volume", "\(pulseStream.id)", "0"])
        #expect(fixture.wait { fixture.server.streams[pulseStream.id]?.isAtZeroVolume == true })
        #expect(fixture.wait { fixture.server.streams[nativeStream.id]?.isAudible == true })

        _ = native.stop()
        #expect(fixture.wait { fixture.server.streams[nativeStream.id] == nil })
        _ = pulse.stop()
    }

    @Test("a sink removed is reported with the streams that played to it")
    func sinkRemoved() throws {
        let fixture = try Fixture()
        #expect(fixture.wait { fixture.server.sinks.count == 2 })
        let player = try fixture.mpv("pulse", ["--audio-device=pulse/headset"])
        #expect(fixture.wait { fixture.streams(of: player.pid).first?.isAudible == true })
        let stream = try #require(fixture.streams(of: player.pid).first)
        #expect(stream.sink.flatMap { fixture.server.sinks[$0] }?.name == "headset", "\(stream) \(fixture.server.sinks)")
        try fixture.audio.removeSink("headset")
        #expect(fixture.wait { !fixture.recorder.removed.isEmpty })
        #expect(fixture.recorder.removed.first?.0.name == "headset")
        #expect(fixture.recorder.removed.first?.1.map(\.id) == [stream.id], "\(fixture.recorder.removed)")
        // A null sink has no card: nothing stays behind it, so its device is gone.
        #expect(fixture.recorder.removed.first?.deviceGone == true)
        _ = player.stop()
    }

    @Test("no server at first, then one, lost and back: said once each way, and followed again (told when it may be there, tried again shortly)")
    func serverComesAndGoes() throws {
        let fixture = try Fixture(startServer: false)
        #expect(fixture.wait(.seconds(2)) { !fixture.recorder.connections.isEmpty })
        #expect(fixture.recorder.connections.map(\.0) == [false], "\(fixture.recorder.connections)")
        try fixture.audio.start()
        // Not before it is told: waiting costs nothing.
        fixture.wait(.milliseconds(300)) { false }
        #expect(!fixture.server.isConnected)
        fixture.server.serverMayBeThere()
        #expect(fixture.wait { fixture.server.isConnected }, "\(fixture.recorder.connections)")
        fixture.audio.stop(kill: true)
        #expect(fixture.wait { !fixture.server.isConnected })
        #expect(fixture.server.streams.isEmpty && fixture.server.sinks.isEmpty)
        // Told before the server listens (as its name appears first): tried again shortly.
        fixture.server.serverMayBeThere()
        try fixture.audio.start()
        #expect(fixture.wait { fixture.server.isConnected && fixture.server.sinks.count >= 1 }, "\(fixture.recorder.connections)")
        #expect(fixture.recorder.connections.map(\.0) == [false, true, false, true], "\(fixture.recorder.connections)")
    }
}
