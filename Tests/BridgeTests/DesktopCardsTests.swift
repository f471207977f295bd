import DBus
import DBusTypes
import Foundation
import Testing
import TestSupport

/// How many media cards a person sees for one playing mpv, by the rules GNOME Shell, Plasma and
/// bars that list every player (swaync) publish in their code (``DesktopRules``), read from the
/// live bus: MediaRemote must not make one player two cards unless it is asked to.
@Suite("desktop media cards: one player is one card", .serialized)
struct DesktopCardsTests {
    static let proxy = "org.mpris.MediaPlayer2.mediaremote"

    /// The service at its defaults, and one mpv playing that it has made Now Playing.
    static func playingMPV() throws -> (ServiceFixture, MPV) {
        let fixture = try ServiceFixture()
        let mpv = try MPV(fixture, playing: true)
        guard fixture.wait(for: { fixture.nowPlaying == mpv.name }) else {
            throw TestFailure("\(mpv.name) is not Now Playing: \(fixture.nowPlaying ?? "nobody")")
        }
        return (fixture, mpv)
    }

    @Test("at the defaults, one playing mpv is one card on GNOME Shell, on Plasma and in a list of every player")
    func defaults() throws {
        let (fixture, mpv) = try Self.playingMPV()
        #expect(DesktopRules.gnomeShell(fixture) == [mpv.name])
        #expect(DesktopRules.plasma(fixture) == [mpv.name])
        #expect(DesktopRules.everyName(fixture) == [mpv.name])
    }

    /// Turned on, the proxy is a second card wherever every player name is shown, and on
    /// Plasma too: it names no process in `kde:pid` (see docs/DECISIONS.md, "The MPRIS proxy").
    @Test("with --mpris-proxy the proxy is a second card on GNOME Shell, Plasma and lists; playerctl -p mediaremote follows mpv")
    func proxyTurnedOn() throws {
        let fixture = try ProxyPlayerTests.fixture()
        // With nothing to control its CanPlay is false: GNOME shows no empty card, a list does.
        #expect(DesktopRules.gnomeShell(fixture) == [])
        #expect(DesktopRules.everyName(fixture) == [Self.proxy])
        let mpv = try MPV(fixture, playing: true)
        #expect(fixture.wait { fixture.nowPlaying == mpv.name })
        let both = [mpv.name, Self.proxy].sorted()
        #expect(fixture.wait { DesktopRules.gnomeShell(fixture) == both }, "\(DesktopRules.gnomeShell(fixture))")
        #expect(DesktopRules.plasma(fixture) == both)
        #expect(DesktopRules.everyName(fixture) == both)
        // What the README tells a swaync user to add hides it there.
        #expect(DesktopRules.everyName(fixture, blacklist: ["mediaremote"]) == [mpv.name])
        #expect(ProxyPlayerTests.playerctl(fixture, ["-p", "mediaremote", "status"]) == "Playing")
    }

    /// The Plasma rule itself, with a player that names mpv's process as
    /// plasma-browser-integration names its browser's (it sends an `i`; libkmpris takes any).
    @Test("Plasma's rule hides a player whose process another names in kde:pid, sent as any integer type",
          arguments: ["int32", "uint32", "int64"])
    func plasmaHidesTheNamedProcess(_ type: String) throws {
        let (fixture, mpv) = try Self.playingMPV()
        let pid = mpv.process.pid
        let kdePID: Value = switch type {
        case "int32": .int32(pid)
        case "uint32": .uint32(UInt32(pid))
        default: .int64(Int64(pid))
        }
        let integration = try Connection(.address(fixture.bus.address), loop: fixture.loop)
        try integration.export([
            Interface("org.mpris.MediaPlayer2", properties: [Property("Identity", .string, get: { .string("Browser") })]),
            Interface("org.mpris.MediaPlayer2.Player", properties: [
                Property("PlaybackStatus", .string, get: { .string("Playing") }),
                Property("CanPlay", .boolean, get: { .boolean(true) }),
                Property("Metadata", .dictionary(key: .string, value: .variant), get: { .stringVariantDictionary([("kde:pid", kdePID)]) }),
            ]),
        ], at: DesktopRules.path)
        let name = "org.mpris.MediaPlayer2.integration"
        _ = try integration.requestName(BusName(name))
        #expect(DesktopRules.processID(fixture, of: mpv.name) == UInt32(pid))
        #expect(DesktopRules.plasma(fixture) == [name])
        #expect(DesktopRules.gnomeShell(fixture) == [name, mpv.name].sorted())
    }
}
