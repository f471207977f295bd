import Bridge
import DBus
import DBusTypes
import Foundation
import MediaRemoteAPI
import Testing
import TestSupport

/// The MPRIS proxy, driven by playerctl (a client we did not write) against real mpv players.
@Suite("The MPRIS proxy player, through playerctl", .serialized)
struct ProxyPlayerTests {
    static let proxy: BusName = "org.mpris.MediaPlayer2.mediaremote"
    static let playerInterface = "org.mpris.MediaPlayer2.Player"

    /// The service with its proxy, which is off unless asked for.
    static func fixture() throws -> ServiceFixture {
        let fixture = try ServiceFixture(arguments: ["--mpris-proxy"])
        // The service takes the proxy's name just after its own.
        guard fixture.wait(for: { (try? fixture.client.listNames().contains(proxy)) == true }) else {
            throw TestFailure("mediaremoted --mpris-proxy did not take \(proxy)")
        }
        return fixture
    }

    /// Calls the proxy (its Player interface, or `interface`), running the fixture's loop.
    static func callProxy(_ fixture: ServiceFixture, _ member: MemberName, _ arguments: [Value] = [],
                          interface: InterfaceName = "org.mpris.MediaPlayer2.Player") -> Result<Message, DBusError> {
        fixture.call(proxy, "/org/mpris/MediaPlayer2", interface, member, arguments)
    }

    /// A property of the proxy (`interface`: the Player interface, or the root one).
    static func proxyProperty(_ fixture: ServiceFixture, _ name: String, interface: String = playerInterface) -> Value? {
        (try? callProxy(fixture, "Get", [.string(interface), .string(name)], interface: .properties).get())?.arguments.first?.unwrapped
    }

    /// Writes a property of the proxy's Player interface.
    static func setProxyProperty(_ fixture: ServiceFixture, _ name: String, _ value: Value) -> Result<Message, DBusError> {
        callProxy(fixture, "Set", [.string(playerInterface), .string(name), .variant(value)], interface: .properties)
    }

    /// The positions the proxy itself says with `Seeked` (not its players': those come from their
    /// own connections).
    final class ProxySeeked {
        private(set) var positions: [Int64] = []
        private var subscription: SignalSubscription?

        init(_ fixture: ServiceFixture) throws {
            let owner = fixture.client.nameOwner(of: ProxyPlayerTests.proxy)
            subscription = fixture.client.subscribe(MatchRule(interface: "org.mpris.MediaPlayer2.Player", member: "Seeked")) {
                [unowned self] message in
                guard owner != nil, message.sender == owner, case .int64(let position)? = message.arguments.first
                else { return }
                self.positions.append(position)
            }
        }

        deinit { subscription?.cancel() }
    }

    static func playerctl(_ fixture: ServiceFixture, _ arguments: [String]) -> String {
        let result = try? Subprocess.run("/usr/bin/playerctl", arguments, environment: fixture.bus.environment)
        return (result?.stdout ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("playerctl lists mediaremote, and its commands act on the Now Playing player")
    func commands() throws {
        let fixture = try Self.fixture()
        let a = try MPV(fixture)
        let b = try MPV(fixture)
        b.play()
        b.pause()
        a.play()
        #expect(Self.playerctl(fixture, ["-l"]).split(separator: "\n").contains("mediaremote"))
        #expect(Self.playerctl(fixture, ["-p", "mediaremote", "status"]) == "Playing")
        #expect(Self.playerctl(fixture, ["-p", "mediaremote", "metadata", "xesam:title"]) == "track1.ogg")
        _ = Self.playerctl(fixture, ["-p", "mediaremote", "next"])
        #expect(fixture.wait { a.title == "track2.ogg" })
        #expect(fixture.wait { Self.playerctl(fixture, ["-p", "mediaremote", "metadata", "xesam:title"]) == "track2.ogg" })
        _ = Self.playerctl(fixture, ["-p", "mediaremote", "previous"])
        #expect(fixture.wait { a.title == "track1.ogg" })
        _ = Self.playerctl(fixture, ["-p", "mediaremote", "play-pause"])
        #expect(fixture.wait { a.status == "Paused" })
        #expect(fixture.wait { Self.playerctl(fixture, ["-p", "mediaremote", "status"]) == "Paused" })
        #expect(b.title == "track1.ogg")
        #expect(b.status == "Paused")
        // Each call became an event with source mpris, through the rules.
        #expect(fixture.wait { fixture.dispatched.filter { $0.source == "mpris" }.count == 3 })
        #expect(fixture.dispatched.filter { $0.source == "mpris" }.map(\.subtype) == ["nextTrack", "previousTrack", "togglePlayPause"])
        #expect(fixture.dispatched.allSatisfy { $0.outcome.handledBy?.busName.rawValue == a.name })
    }

    @Test("--follow status shows the changes when Now Playing moves")
    func follow() throws {
        let fixture = try Self.fixture()
        let a = try MPV(fixture)
        let b = try MPV(fixture)
        a.play()
        let follow = try fixture.spawn("/usr/bin/playerctl", ["-p", "mediaremote", "--follow", "status"])
        #expect(follow.readLine() == "Playing")
        a.pause()
        #expect(follow.readLine() == "Paused")
        b.play()
        #expect(fixture.nowPlaying == b.name)
        #expect(follow.readLine() == "Playing")
    }

    @Test("with nothing to control: Stopped, empty metadata, every Can* false, calls answered")
    func nothingToControl() throws {
        let fixture = try Self.fixture()
        func get(_ name: String) -> Value? { Self.proxyProperty(fixture, name) }
        #expect(get("PlaybackStatus") == .string("Stopped"))
        #expect(get("Metadata") == .stringVariantDictionary([]))
        for capability in ["CanGoNext", "CanGoPrevious", "CanPlay", "CanPause", "CanSeek"] {
            #expect(get(capability) == .boolean(false), "\(capability)")
        }
        #expect(get("Position") == .int64(0))
        for member: MemberName in ["PlayPause", "Next", "Stop"] {
            #expect(throws: Never.self) { try Self.callProxy(fixture, member).get() }
        }
        #expect(throws: Never.self) { try Self.callProxy(fixture, "Seek", [.int64(1_000_000)]).get() }
    }

    @Test("the proxy never counts itself as a player")
    func noLoops() throws {
        let fixture = try Self.fixture()
        #expect(try fixture.client.listNames().contains(Self.proxy))
        #expect(fixture.players.isEmpty)
    }

    /// Off by default; the file or a flag turns it on, a flag wins over the file, and of two
    /// flags the later wins.
    @Test("the proxy is there only when asked for", arguments: [
        ([], nil, false),
        (["--mpris-proxy"], nil, true),
        ([], "[service]\nmpris_proxy = true\n", true),
        (["--no-mpris-proxy"], "[service]\nmpris_proxy = true\n", false),
        (["--mpris-proxy"], "[service]\nmpris_proxy = false\n", true),
        (["--mpris-proxy", "--no-mpris-proxy"], nil, false),
        (["--no-mpris-proxy", "--mpris-proxy"], nil, true),
    ] as [([String], String?, Bool)])
    func onlyWhenAsked(_ arguments: [String], _ configuration: String?, _ exported: Bool) throws {
        let fixture = try ServiceFixture(arguments: arguments, configuration: configuration)
        // Answered only once the service has taken the proxy's name, or chosen not to.
        #expect(fixture.nowPlaying == "")
        #expect(try fixture.client.listNames().contains(Self.proxy) == exported)
    }

    @Test("Seek goes to the Now Playing player, and its Seeked comes back from the proxy")
    func seeked() throws {
        let fixture = try Self.fixture()
        let a = try MPV(fixture)
        a.play()
        a.pause()
        let seeked = try ProxySeeked(fixture)
        #expect(throws: Never.self) { try Self.callProxy(fixture, "Seek", [.int64(20_000_000)]).get() }
        #expect(fixture.wait { !seeked.positions.isEmpty })
        #expect(seeked.positions.first.map { $0 >= 19_000_000 } == true, "\(seeked.positions)")
    }

    @Test("playerctld forwarding to the proxy: one toggle, nothing bounces")
    func playerctldForwards() throws {
        let fixture = try Self.fixture()
        let a = try MPV(fixture)
        _ = try fixture.spawn("/usr/bin/playerctld", [])
        #expect(fixture.wait { (try? fixture.client.listNames().contains("org.mpris.MediaPlayer2.playerctld")) == true })
        // Make the proxy playerctld's active player: the last to change.
        a.play()
        _ = Self.playerctl(fixture, ["-p", "playerctld", "play-pause"])
        #expect(fixture.wait { a.status == "Paused" })
        fixture.wait(timeout: .milliseconds(500)) { false }
        #expect(a.status == "Paused", "toggled once, not twice")
        #expect(fixture.dispatched.count <= 1, "\(fixture.dispatched)")
        #expect(!fixture.players.contains { $0.contains("playerctld") || $0.contains("mediaremote") })
    }

    @Test("GetAll carries the live Position, as Get does; playerctl and its format read it")
    func positionInGetAll() throws {
        let fixture = try Self.fixture()
        let a = try MPV(fixture)
        a.play()
        a.pause()
        // Paused 20 s into track 1: a position that is neither 0 nor moving.
        _ = try fixture.client.callBlocking(.methodCall(
            destination: BusName(a.name), path: "/org/mpris/MediaPlayer2", interface: "org.mpris.MediaPlayer2.Player",
            member: "Seek", arguments: [.int64(20_500_000)]))
        #expect(fixture.wait { if case .int64(let p)? = a.playerProperty("Position") { p >= 20_000_000 } else { false } })
        let all = try Self.callProxy(fixture, "GetAll", [.string(Self.playerInterface)], interface: .properties).get()
        let properties: [String: Value] = (try? .init(dbusValue: all.arguments.first ?? .array(.string, []))) ?? [:]
        guard case .int64(let position)? = properties["Position"]?.unwrapped else {
            Issue.record("GetAll has no int64 Position: \(properties)")
            return
        }
        #expect((20_000_000...21_000_000).contains(position), "\(position)")
        #expect(Double(Self.playerctl(fixture, ["-p", "mediaremote", "position"])).map { (20...21).contains($0) } == true)
        #expect(Self.playerctl(fixture, ["-p", "mediaremote", "metadata", "--format", "{{duration(position)}}"]) == "0:20")
    }

    @Test("SupportedUriSchemes and SupportedMimeTypes are the Now Playing player's (OpenUri goes to it)")
    func supportedUris() throws {
        let fixture = try Self.fixture()
        #expect(Self.proxyProperty(fixture, "SupportedUriSchemes", interface: "org.mpris.MediaPlayer2") == .array(.string, []))
        let a = try MPV(fixture)
        a.play()
        func mpv(_ name: String) -> Value? {
            try? fixture.client.callBlocking(.methodCall(
                destination: BusName(a.name), path: "/org/mpris/MediaPlayer2", interface: .properties, member: "Get",
                arguments: [.string("org.mpris.MediaPlayer2"), .string(name)])).arguments.first?.unwrapped
        }
        for name in ["SupportedUriSchemes", "SupportedMimeTypes"] {
            guard case .array(_, let items)? = mpv(name) else {
                Issue.record("mpv has no \(name)")
                continue
            }
            #expect(!items.isEmpty, "mpv lists no \(name)")
            #expect(fixture.wait { Self.proxyProperty(fixture, name, interface: "org.mpris.MediaPlayer2") == mpv(name) }, "\(name)")
        }
    }

    @Test("a property read right after a write returns the new value, through the proxy and playerctl")
    func readAfterWrite() throws {
        let fixture = try Self.fixture()
        let a = try MPV(fixture)
        a.play()
        for volume in [0.25, 0.5, 0.75] {
            _ = try Self.setProxyProperty(fixture, "Volume", .double(volume)).get()
            #expect(Self.proxyProperty(fixture, "Volume") == .double(volume))
            #expect(Double(Self.playerctl(fixture, ["-p", "mediaremote", "volume"])) == volume)
        }
        #expect(a.playerProperty("Volume") == .double(0.75))
    }

    @Test("a write the player takes but ignores reads back as the player has it, not as written")
    func ignoredWrite() throws {
        let fixture = try Self.fixture()
        let player = try Connection(.address(fixture.bus.address), loop: fixture.loop)
        try player.export([
            Interface("org.mpris.MediaPlayer2.Player", properties: [
                Property("PlaybackStatus", .string, get: { .string("Playing") }),
                // Takes any volume and keeps its own, as mpv-mpris does with Shuffle.
                Property("Volume", .double, get: { .double(0.5) }, set: { _ in }),
            ])
        ], at: "/org/mpris/MediaPlayer2")
        _ = try player.requestName("org.mpris.MediaPlayer2.deaf")
        #expect(fixture.wait { fixture.nowPlaying == "org.mpris.MediaPlayer2.deaf" })
        #expect(throws: Never.self) { try Self.setProxyProperty(fixture, "Volume", .double(0.1)).get() }
        #expect(Self.proxyProperty(fixture, "Volume") == .double(0.5))
    }

    @Test("playerctl -a next with the proxy on reaches the player twice (it is a player too); -i mediaremote, as README says, once")
    func playerctlAll() throws {
        let fixture = try Self.fixture()
        let a = try MPV(fixture)
        a.play()
        _ = Self.playerctl(fixture, ["-a", "next"])
        #expect(fixture.wait { a.title == "track3.ogg" }, "playerctl -a next: \(a.title)")
        _ = Self.playerctl(fixture, ["-a", "-i", "mediaremote", "previous"])
        #expect(fixture.wait { a.title == "track2.ogg" }, "playerctl -a -i mediaremote previous: \(a.title)")
        fixture.wait(timeout: .milliseconds(500)) { false }
        #expect(a.title == "track2.ogg", "once, not twice: \(a.title)")
    }

    @Test("when Now Playing moves, the proxy says the new player's position with Seeked (playerctl --follow counts on from it)")
    func seekedOnSwitch() throws {
        let fixture = try Self.fixture()
        let a = try MPV(fixture)
        let b = try MPV(fixture)
        a.play()
        _ = try fixture.client.callBlocking(.methodCall(
            destination: BusName(a.name), path: "/org/mpris/MediaPlayer2", interface: "org.mpris.MediaPlayer2.Player",
            member: "Seek", arguments: [.int64(30_000_000)]))
        #expect(fixture.wait { if case .int64(let p)? = a.playerProperty("Position") { p >= 30_000_000 } else { false } })
        let seeked = try ProxySeeked(fixture)
        b.play()
        #expect(fixture.wait { fixture.nowPlaying == b.name && !seeked.positions.isEmpty })
        #expect(seeked.positions.last.map { $0 < 10_000_000 } == true, "B is near its start: \(seeked.positions)")
        b.pause()
        // mpv may pass on a Seeked of its own while B is Now Playing (its file loading): what
        // counts is that, A Now Playing again, the proxy says A's position, past 30 s.
        #expect(fixture.wait { fixture.nowPlaying == a.name && seeked.positions.last.map { $0 >= 30_000_000 } == true },
                "A is past 30 s: \(seeked.positions)")
    }

    @Test("a write the Now Playing player refuses fails with its error, and the proxy's value stays")
    func refusedWrite() throws {
        let fixture = try Self.fixture()
        // A player whose Volume is read-only: it refuses every write.
        let player = try Connection(.address(fixture.bus.address), loop: fixture.loop)
        try MisbehavingPlayersTests.export(on: player, status: "Playing") { _ in }
        _ = try player.requestName("org.mpris.MediaPlayer2.stubborn")
        #expect(fixture.wait { fixture.nowPlaying == "org.mpris.MediaPlayer2.stubborn" })
        let result = Self.setProxyProperty(fixture, "Volume", .double(0.1))
        guard case .failure(let error) = result else {
            Issue.record("the refused write was answered as taken: \(String(describing: result))")
            return
        }
        #expect(error.name == .propertyReadOnly, "\(error)")
        #expect(Self.proxyProperty(fixture, "Volume") == .double(0.5))
    }

    @Test("property writes go to the Now Playing player, and come back mirrored")
    func propertyWrites() throws {
        let fixture = try Self.fixture()
        let a = try MPV(fixture)
        #expect(throws: Never.self) { try Self.setProxyProperty(fixture, "Volume", .double(0.25)).get() }
        #expect(fixture.wait { a.playerProperty("Volume") == .double(0.25) })
        #expect(fixture.wait { Self.proxyProperty(fixture, "Volume") == .double(0.25) })
    }
}
