import Core
import DBusTypes
import MediaRemoteAPI
import MPRIS
import Testing
import Time

@testable import Bridge

/// The `Describe*` replies and the published properties are pure functions of the rules'
/// state: checked here from a dispatcher made by hand, without a bus.
@Suite("Describe: the replies tools read, from the rules' state")
struct DescribeTests {
    static let vlc: AppID = ":1.10"
    static let mpv: AppID = ":1.11"
    static let app: AppID = ":1.12"

    static func at(_ seconds: Int64) -> MonotonicInstant { MonotonicInstant(microseconds: UInt64(seconds) * 1_000_000) }

    /// vlc plays (from 2 s), mpv is paused; `app` holds two motion claims.
    static func dispatcher() throws -> Dispatcher {
        var dispatcher = Dispatcher()
        dispatcher.registry.playerAppeared(
            vlc, Player(busName: "org.mpris.MediaPlayer2.vlc", status: .playing, capabilities: .all), .appeared, at: at(2))
        dispatcher.registry.playerAppeared(
            mpv, Player(busName: "org.mpris.MediaPlayer2.mpv", status: .paused, capabilities: .all), .appeared, at: at(3))
        try dispatcher.registry.claimMotion(app, at: at(4))
        try dispatcher.registry.claimMotion(app, at: at(4))
        return dispatcher
    }

    @Test("players: each with its sound's streams and Now Playing marked; the ignored ones after, with the rule")
    func players() throws {
        let registry = try Self.dispatcher().registry
        let reply = Describe.players(
            registry, at: Self.at(5), streams: { $0 == Self.vlc ? ["stream 7"] : [] },
            ignored: [("org.mpris.MediaPlayer2.mediaremote", ":1.1", MPRISNames.proxyName),
                      ("org.mpris.MediaPlayer2.spotify", ":1.20", "org.mpris.MediaPlayer2.spotify")])
        // The players in name order, then the ignored ones.
        #expect(reply.players.map(\.name.rawValue) == [
            "org.mpris.MediaPlayer2.mpv", "org.mpris.MediaPlayer2.vlc", "org.mpris.MediaPlayer2.mediaremote", "org.mpris.MediaPlayer2.spotify",
        ])
        #expect(reply.players.map(\.isNowPlaying) == [false, true, false, false])
        #expect(reply.players[1].streams == ["stream 7"] && reply.players[0].streams == [])
        #expect(reply.players[1].lastStartedPlaying == Self.at(2).microseconds && reply.players[0].lastStartedPlaying == nil)
        #expect(reply.players[2].reason == "ignored always: MediaRemote's own MPRIS proxy")
        #expect(reply.players[3].reason == "ignored: players.ignore (or --ignore-player) lists org.mpris.MediaPlayer2.spotify")
        #expect(reply.players[3].app == ":1.20" && reply.players[3].status == "")
    }

    @Test("state: the chain an event would take to Now Playing, the claims, and who is not answering by player name")
    func state() throws {
        var dispatcher = try Self.dispatcher()
        dispatcher.registry.didNotAnswer(Self.mpv, at: Self.at(6))
        let reply = Describe.state(dispatcher, at: Self.at(7))
        #expect(reply.chain.map(\.app) == [Self.vlc.busName])
        #expect(reply.chainDiscarded == nil)
        #expect(reply.motionClaims == [Self.app.busName: 2])
        #expect(reply.notAnswering == ["org.mpris.MediaPlayer2.mpv": Self.at(6).microseconds])
        #expect(reply.nowPlayingReason?.isEmpty == false)
    }

    @Test("state: nobody to receive an event is said with the reason, and no chain")
    func nobody() {
        let reply = Describe.state(Dispatcher(), at: Self.at(1))
        #expect(reply.chain.isEmpty)
        #expect(reply.chainDiscarded == DiscardReason.nobodyReceiving.rawValue)
    }

    @Test("the sensors' wanters: nobody, the claims with their count, and a shake action")
    func wanters() throws {
        #expect(Describe.motionWanters(Dispatcher()) == "nobody")
        var dispatcher = try Self.dispatcher()
        #expect(Describe.motionWanters(dispatcher) == ":1.12 (2 claims)")
        dispatcher.shakeAction = .nextTrack
        #expect(Describe.motionWanters(dispatcher) == ":1.12 (2 claims), the shake action (nextTrack)")
    }

    @Test("the published properties: Now Playing by its player's name, the mode, the files")
    func published() throws {
        let state = PublishedState(try Self.dispatcher().registry, at: Self.at(5), configurationFile: "/c.toml", inputDirectory: "/dev/input")
        #expect(state.properties.nowPlaying == "org.mpris.MediaPlayer2.vlc")
        #expect(state.properties.players.map(\.status) == ["Paused", "Playing"])
        #expect(state.properties.configurationFile == "/c.toml" && state.properties.mode == "compat")
        #expect(state.changes(since: .empty).contains(MediaRemoteMembers.nowPlaying.name))
    }
}
