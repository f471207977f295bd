import DBus
import DBusTypes
import Loop
import MediaRemoteAPI
import MediaRemoteClient
import Testing
import TestSupport

/// The client's typed proxy against a stand-in service: what the contract says comes back as
/// its values, and a service that answers otherwise is an error naming the field.
@Suite("MediaRemoteProxy: typed calls, and a service that drifted from the contract named")
struct MediaRemoteProxyTests {
    static let properties = MediaRemoteProperties(
        version: "9.9.9", nowPlaying: "org.mpris.MediaPlayer2.mpv", firstResponder: nil, mode: "strict",
        players: [.init(name: "org.mpris.MediaPlayer2.mpv", status: "Playing", receiving: true)],
        configurationFile: "/home/ana/.config/mediaremote/config.toml", inputDirectory: "/dev/input")

    /// The interface as the contract declares it, answering from fixed values.
    static func faithful() -> Interface {
        Interface(
            MediaRemoteNames.interface,
            methods: [
                Method(MediaRemoteMembers.shift) { _, _ in ShiftReply(nowPlaying: "org.mpris.MediaPlayer2.vlc") },
                Method(MediaRemoteMembers.sendRemoteControlEvent) { subtype, _ in
                    SendRemoteControlEventReply(handledBy: subtype.content == "play" ? ObjectAddress(busName: ":1.7", path: "/player") : nil)
                },
                Method(MediaRemoteMembers.reload) { _, _ in
                    throw DBusError(MediaRemoteNames.invalidConfiguration, "line 3: not a number")
                },
            ],
            properties: MediaRemoteProperties.published.map { published in
                Property(published.name, published.type, get: { published.value(properties) })
            })
    }

    @Test("each call answers with the contract's values")
    func faithfulService() throws {
        let bus = try PrivateBus()
        let service = try FakeService(on: bus) { Self.faithful() }
        defer { service.stop() }
        let proxy = MediaRemoteProxy(try bus.connect(loop: try EventLoop()))
        #expect(try proxy.properties() == Self.properties)
        #expect(try proxy.version() == "9.9.9")
        #expect(try proxy.shift() == "org.mpris.MediaPlayer2.vlc")
        #expect(try proxy.sendRemoteControlEvent("play").handledBy == ObjectAddress(busName: ":1.7", path: "/player"))
        #expect(try proxy.sendRemoteControlEvent("stop") == SendRemoteControlEventReply(handledBy: nil))
    }

    @Test("the service's error comes back as it was sent, with the member it answered")
    func refused() throws {
        let bus = try PrivateBus()
        let service = try FakeService(on: bus) { Self.faithful() }
        defer { service.stop() }
        let proxy = MediaRemoteProxy(try bus.connect(loop: try EventLoop()))
        #expect {
            try proxy.reload()
        } throws: { error in
            guard case .refused(let member, let error)? = error as? ProxyError else { return false }
            return member == MediaRemoteMembers.reload.name && error.name == MediaRemoteNames.invalidConfiguration
                && error.message == "line 3: not a number"
        }
    }

    @Test("a reply of another shape is unreadable, naming the field, never a default")
    func drifted() throws {
        let bus = try PrivateBus()
        // A service of another version: Shift answers a number, and Players lacks `receiving`.
        let service = try FakeService(on: bus) {
            Interface(
                MediaRemoteNames.interface,
                methods: [Method.untyped(MediaRemoteMembers.shift.name, out: [Field("now_playing", UInt32.self)]) { _ in [.uint32(1)] }],
                properties: MediaRemoteProperties.published.map { published in
                    guard published.name == MediaRemoteMembers.players.name else {
                        return Property(published.name, published.type, get: { published.value(Self.properties) })
                    }
                    return Property(published.name, .array(.structure([.string, .string])), get: {
                        .array(.structure([.string, .string]), [.structure([.string("org.mpris.MediaPlayer2.mpv"), .string("Playing")])])
                    })
                })
        }
        defer { service.stop() }
        let proxy = MediaRemoteProxy(try bus.connect(loop: try EventLoop()))
        func unreadable(_ call: () throws -> Void) -> String? {
            do {
                try call()
                return nil
            } catch let ProxyError.unreadable(_, error) {
                return error.message
            } catch {
                return "\(error)"
            }
        }
        #expect(unreadable { _ = try proxy.shift() } == "the Shift reply's now_playing: expected a value of type 's', got 'u'")
        #expect(unreadable { _ = try proxy.properties() } == "the GetAll reply's Players: a player has 3 fields ('ssb'), got 2 ('ss')")
        // One property read alone still reads, whatever else the service publishes.
        #expect(try proxy.version() == "9.9.9")
    }

    @Test("with no service on the bus, the call is refused with the bus's error")
    func absent() throws {
        let bus = try PrivateBus()
        let proxy = MediaRemoteProxy(try bus.connect(loop: try EventLoop()), timeout: .seconds(2))
        #expect {
            _ = try proxy.describeState()
        } throws: { error in
            guard case .refused(let member, let error)? = error as? ProxyError else { return false }
            return member == MediaRemoteMembers.describeState.name && error.name == .serviceUnknown
        }
    }
}
