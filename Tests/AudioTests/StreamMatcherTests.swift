import Glibc
import Testing

import AudioModel
@testable import Audio

/// Matching streams to players, on made-up streams and a made-up process tree.
@Suite("Matching streams to players")
struct StreamMatcherTests {
    /// 100 is mpv; 200 is a browser whose audio service is 202, a child of its child 201; 300
    /// is pipewire-pulse; 400 is a process of no player.
    static let parents: [Int32: Int32] = [100: 1, 200: 1, 201: 200, 202: 201, 300: 1, 400: 1]
    static func parent(_ pid: Int32) -> Int32? { parents[pid] }

    static let players: [String: PlayerIdentity] = [
        "mpv": PlayerIdentity(processID: 100, name: "mpv"),
        "chromium": PlayerIdentity(processID: 200, name: "chromium"),
        "flatpak": PlayerIdentity(processID: 500, flatpakAppID: "org.example.Player", name: "example"),
        "vlc": PlayerIdentity(processID: nil, name: "vlc"),
    ]
    static let clients: [UInt32: AudioClient] = [
        1: AudioClient(id: 1, socketProcessID: 100, reportedProcessID: 100, isPulseBridge: false),
        2: AudioClient(id: 2, socketProcessID: 300, reportedProcessID: 202, isPulseBridge: true),
        3: AudioClient(id: 3, socketProcessID: 300, reportedProcessID: 400, isPulseBridge: true),
        4: AudioClient(id: 4, socketProcessID: 600, reportedProcessID: nil, isPulseBridge: false, portalAppID: "org.example.Player"),
        5: AudioClient(id: 5, socketProcessID: nil, reportedProcessID: nil, isPulseBridge: false),
        // A native client that lies about its process: the socket is believed.
        6: AudioClient(id: 6, socketProcessID: 400, reportedProcessID: 100, isPulseBridge: false),
    ]

    static func stream(_ id: UInt32, client: UInt32?, name: String? = nil, reported: Int32? = nil) -> AudioStream {
        AudioStream(id: id, sink: 1, client: client, isRunning: true, isMuted: false, isAtZeroVolume: false, applicationName: name, reportedProcessID: reported)
    }

    @Test(
        "each stream's player, and how it was found",
        arguments: [
            ("a native PipeWire client: its socket's process", stream(10, client: 1), "mpv", StreamMatch.How.process(.socketCredentials)),
            ("through pipewire-pulse, from a browser's audio service: the parent chain, never the name",
             stream(11, client: 2, name: "Chromium", reported: 202), "chromium", .descendant(202, .reported)),
            ("a Flatpak app: the portal's app id against the sandbox's", stream(12, client: 4), "flatpak", .flatpakApp("org.example.Player")),
            ("nothing says the process: the name, said as such", stream(13, client: 5, name: "VLC"), "vlc", .name("vlc")),
        ] as [(String, AudioStream, String, StreamMatch.How)]
    )
    func matched(_ name: String, _ stream: AudioStream, _ player: String, _ how: StreamMatch.How) {
        let result = StreamMatcher.match(players: Self.players, streams: [stream], clients: Self.clients, parent: Self.parent)
        #expect(result.matches[player]?.map(\.how) == [how], "\(name): \(result.matches)")
        #expect(result.unmatched.isEmpty, "\(name)")
    }

    @Test(
        "streams no player is matched to",
        arguments: [
            ("another process's, though it is named like a player", stream(20, client: 3, name: "mpv", reported: 400)),
            ("a native client naming a player's process: the socket says otherwise", stream(21, client: 6)),
            ("no client and no name", stream(22, client: nil)),
        ] as [(String, AudioStream)]
    )
    func unmatched(_ name: String, _ stream: AudioStream) {
        let result = StreamMatcher.match(players: Self.players, streams: [stream], clients: Self.clients, parent: Self.parent)
        #expect(result.matches.isEmpty, "\(name): \(result.matches)")
        #expect(result.unmatched.map(\.id) == [stream.id], "\(name)")
    }

    @Test("a process with two players (a browser's tabs): the stream is each one's")
    func sharedProcess() {
        let players = ["tab1": PlayerIdentity(processID: 200, name: "chromium"), "tab2": PlayerIdentity(processID: 200, name: "chromium")]
        let result = StreamMatcher.match(players: players, streams: [Self.stream(30, client: 2, reported: 202)], clients: Self.clients, parent: Self.parent)
        #expect(Set(result.matches.keys) == ["tab1", "tab2"])
    }

    @Test("/proc/PID/stat's parent, past a command with spaces and parentheses")
    func statParent() {
        #expect(ProcessTree.parent(fromStat: "1234 (Web Content) S 1200 1234 1234 0 -1") == 1200)
        #expect(ProcessTree.parent(fromStat: "1234 (a) b) (c) R 77 1 1") == 77)
        #expect(ProcessTree.parent(fromStat: "garbage") == nil)
        #expect(ProcessTree.lineage(of: 202, parent: Self.parent) == [202, 201, 200])
        // A loop in a made-up tree ends.
        #expect(ProcessTree.lineage(of: 5, parent: { $0 == 5 ? 6 : 5 }) == [5, 6])
        // The running test's own lineage reaches a parent.
        #expect(ProcessTree.parent(of: getpid()) == getppid())
    }

    @Test(".flatpak-info's [Application] name, and only that section's")
    func flatpakInfo() {
        #expect(ProcessTree.flatpakAppID(fromInfo: "[Instance]\nname=wrong\n\n[Application]\nname = org.gnome.Rhythmbox3\nruntime=x\n") == "org.gnome.Rhythmbox3")
        #expect(ProcessTree.flatpakAppID(fromInfo: "[Runtime]\nname=org.freedesktop.Platform\n") == nil)
        #expect(ProcessTree.flatpakAppID(fromInfo: "") == nil)
        #expect(ProcessTree.flatpakAppID(of: getpid()) == nil)
    }
}
