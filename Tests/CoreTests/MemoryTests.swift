import DBusTypes
import MediaRemoteAPI
import Testing
import Time

@testable import Core

/// Rule 2 across a restart: what one service knew (its ``RulesMemory``, taken when the
/// transcript before the restart ends) recalled by the next as it finds the players again.
@Suite("Rule 2 across a restart: the rules' memory recalled")
struct MemoryTests {
    /// The service after a restart 5 s after `before` ended: `found` are the players it finds
    /// on the bus (the same apps, unless named otherwise), then the recall ends.
    static func restarted(_ before: Transcript, recalling: Bool = true, found: [Step], mode: Mode = .compat) -> Transcript {
        var registry = Registry(mode: mode)
        if recalling { registry.recall(before.registry.memory, savedAt: before.now) }
        var after = Transcript(registry: registry)
        after.now = before.now + .seconds(5)
        after.apply(found)
        after.dispatcher.registry.endRecall()
        return after
    }

    static let bPausedByRemote: [Step] = [
        .appear(A, .paused), .appear(B, .paused), .status(A, .playing), .status(B, .playing),
        .remote(.togglePlayPause), .status(B, .paused),
    ]

    @Test(
        "who is Now Playing after a restart, with the memory and without it",
        arguments: [
            ("B paused by a remote stays Now Playing, though A plays on",
             bPausedByRemote, [Step.found(A, .playing), .found(B, .paused)], B, A),
            ("a person's choice stays too",
             [.appear(A, .paused), .appear(B, .paused), .status(A, .playing), .shift(1)],
             [.found(A, .playing), .found(B, .paused)], B, A),
            ("the order of starts is kept: the latest starter, whatever order the players are found in",
             [.appear(A, .paused), .appear(B, .paused), .status(B, .playing), .status(A, .playing)],
             [.found(B, .playing), .found(A, .playing)], A, B),
            ("one that started while no MediaRemote watched started after every start remembered, and ends the pin",
             bPausedByRemote + [.appear(C, .paused)], [.found(C, .playing), .found(A, .playing), .found(B, .paused)], C, C),
            ("… whether its player is found before the pinned one or after",
             bPausedByRemote + [.appear(C, .paused)], [.found(A, .playing), .found(B, .paused), .found(C, .playing)], C, A),
            ("a player the memory does not know came since: playing, it started since",
             [.appear(A, .paused), .status(A, .playing)], [.found(A, .playing), .found(D, .playing)], D, A),
            ("one that was playing and is not now stopped while no MediaRemote watched: it played most recently",
             [.appear(B, .paused), .appear(A, .paused), .status(B, .playing), .status(B, .paused), .status(A, .playing)],
             [.found(B, .paused), .found(A, .paused)], A, B),
            ("the pinned player gone, the pin is forgotten",
             bPausedByRemote, [.found(A, .playing)], A, A),
            ("in strict mode a pinned app that begins receiving again before its player is found holds the pin",
             [.begin(A), .begin(B)] + bPausedByRemote, [.begin(A), .begin(B), .found(A, .playing), .found(B, .paused)], B, A),
            ("… one that has not begun receiving again cannot",
             [.begin(A), .begin(B)] + bPausedByRemote, [.begin(A), .found(A, .playing), .found(B, .paused)], A, A),
            ("one stopped between tracks when the memory was taken and playing now goes on playing: the pin holds",
             bPausedByRemote + [.status(A, .stopped)], [.found(A, .playing), .found(B, .paused)], B, A),
            ("a start while the players are being found ends the pin still to come",
             bPausedByRemote, [.found(A, .paused), .status(A, .playing), .found(B, .paused)], A, A),
            ("a pause by a remote while the players are being found pins over the pin still to come",
             bPausedByRemote, [.found(A, .playing), .remote(.togglePlayPause), .status(A, .paused), .found(B, .paused)], A, A),
            ("a person's choice while the players are being found stands over the pin still to come",
             bPausedByRemote + [.appear(C, .paused)], [.found(A, .playing), .found(C, .paused), .shift(1), .found(B, .paused)], C, C),
        ] as [(String, [Step], [Step], AppID?, AppID?)])
    func recalled(_ what: String, before: [Step], found: [Step], withMemory: AppID?, withoutMemory: AppID?) {
        let mode: Mode = what.contains("strict") || what.hasPrefix("… one that has not begun") ? .strict : .compat
        var first = Transcript(mode: mode)
        first.apply(before)
        #expect(Self.restarted(first, found: found, mode: mode).nowPlaying == withMemory, "\(what): with the memory")
        #expect(Self.restarted(first, recalling: false, found: found, mode: mode).nowPlaying == withoutMemory, "\(what): without it")
    }

    @Test("the pin comes back with its reason, and play/pause twice resumes what the first press paused")
    func pinRecalled() {
        let first = Transcript(Self.bPausedByRemote)
        #expect(first.registry.whyNowPlaying(at: first.now)?.hasPrefix("paused or stopped by a remote-control event") == true)
        var after = Self.restarted(first, found: [.found(A, .playing), .found(B, .paused)])
        #expect(after.registry.pin == NowPlayingPin(app: B, reason: .pausedByRemoteControl))
        #expect(after.registry.whyNowPlaying(at: after.now)?.hasPrefix("paused or stopped by a remote-control event") == true)
        #expect(after.send(.togglePlayPause).delivered == [player(B)])
    }

    @Test(
        "only the same player on the same connection is recalled",
        arguments: [
            // It quit and was launched again while no service ran: its name is the same, its
            // connection another.
            ("another connection under the player's name is a new player", true),
            // Its connection is the same, but it now plays under another name.
            ("the same connection under another name is a new player", false),
        ])
    func anotherPlayer(_ what: String, anotherConnection: Bool) {
        let first = Transcript([.appear(A, .paused), .status(A, .playing), .status(A, .paused), .appear(B, .paused)])
        var memory = first.registry.memory
        memory.players = memory.players.map { history in
            var moved = history
            if history.app == A, anotherConnection { moved.app = Z }
            if history.app == A, !anotherConnection { moved.busName = "org.mpris.MediaPlayer2.Other" }
            return moved
        }
        var registry = Registry()
        registry.recall(memory, savedAt: first.now)
        var after = Transcript(registry: registry)
        after.now = first.now + .seconds(5)
        after.apply([.found(A, .paused), .found(B, .paused)])
        #expect(after.registry.lastStartedPlaying(of: A) == nil, "\(what): A's history went to it")
        #expect(Self.restarted(first, found: [.found(A, .paused), .found(B, .paused)]).registry.lastStartedPlaying(of: A) != nil,
                "\(what): the same player, unchanged, would have it back")
    }

    @Test("after the recall, a player found (a name no longer ignored) is found as always: playing since a time nobody knows")
    func afterTheRecall() {
        let first = Transcript([.appear(A, .paused), .status(A, .playing)])
        var after = Self.restarted(first, found: [.found(A, .playing)])
        #expect(!after.registry.isRecalling)
        after.apply([.found(E, .playing)])
        #expect(after.nowPlaying == A)
        #expect(after.registry.lastStartedPlaying(of: E) == .zero)
    }

    @Test("the memory holds each player's history and the pin, in app order")
    func memoryTaken() {
        let first = Transcript(Self.bPausedByRemote)
        let memory = first.registry.memory
        #expect(memory.players.map(\.app) == [A, B])
        #expect(memory.players.map(\.status) == [.playing, .paused])
        #expect(memory.players[1].lastPlayed != nil && memory.players[1].lastStartedPlaying != nil)
        #expect(memory.pin == NowPlayingPin(app: B, reason: .pausedByRemoteControl))
    }
}
