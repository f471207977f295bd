import Time

/// The audio server's picture as MediaRemote keeps it — each playback stream, client and sink as
/// the server last described it, and its cards — with the server's quirks as rules: a state
/// machine in swift-nio's way. The shell (`AudioServer`, on libpulse) hands it what the server
/// says, with the time, and carries out the ``Action``s it returns. No libpulse, no clock.
public struct AudioModel: Sendable {
    public private(set) var streams: [UInt32: AudioStream] = [:]
    public private(set) var clients: [UInt32: AudioClient] = [:]
    public private(set) var sinks: [UInt32: AudioSink] = [:]
    /// The server's cards (devices): a sink removed with its card still there was replaced, not
    /// unplugged.
    private(set) var cards: Set<UInt32> = []
    /// Where each stream that moved played before, and when it moved: a sink's removal may be
    /// told after the server has already moved its streams elsewhere.
    private var movedFrom: [UInt32: Move] = [:]
    /// Streams whose sink the server did not say yet, and how many times they were asked again.
    private(set) var sinkAsks: [UInt32: Int] = [:]
    /// Streams asked ``sinkAsksMost`` times without saying: not asked again while they last.
    private var sinkGivenUp: Set<UInt32> = []
    /// Sinks removed, told once the server has had a moment to remove their cards too.
    private var removals: [Removal] = []

    struct Move: Sendable {
        let sink: UInt32
        let at: MonotonicInstant
    }

    struct Removal: Sendable {
        let sink: AudioSink
        let streams: [AudioStream]
    }

    /// How long a removed sink's card has to go too: the server tells of a device unplugged as
    /// its sinks going, then it; 100 ms keeps a pause well within half a second.
    public static let cardGrace = Duration.milliseconds(100)
    /// How recent a move counts as caused by the removal that follows it.
    public static let moveBeforeRemoval = Duration.seconds(1)
    /// How long after a sink changed every stream is asked again where it plays.
    public static let moveSettle = Duration.milliseconds(300)
    /// How often, and how many times, a stream is asked again for its sink.
    public static let sinkAskInterval = Duration.milliseconds(100)
    public static let sinkAsksMost = 30

    public init() {}

    /// What the server said, or what is due.
    public enum Event: Equatable, Sendable {
        /// The subscription told of an object new or changed, by index: it is asked for.
        case streamAnnounced(UInt32)
        case clientAnnounced(UInt32)
        /// `isChange`: a change of a sink that was there (not a new one).
        case sinkAnnounced(UInt32, isChange: Bool)
        /// The subscription told of an object removed.
        case streamRemoved(UInt32)
        case clientRemoved(UInt32)
        case sinkRemoved(UInt32)
        case cardRemoved(UInt32)
        /// The server's answer describing an object.
        case streamDescribed(AudioStream)
        case clientDescribed(AudioClient)
        case sinkDescribed(AudioSink)
        case cardDescribed(UInt32)
        /// The timer the model asked for came: streams asked again for their sink, or the sinks
        /// removed told.
        case sinkAsksDue
        case removalsDue
        /// The connection is gone: everything with it.
        case disconnected
    }

    /// What the shell does.
    public enum Action: Equatable, Sendable {
        case describeStream(UInt32)
        case describeClient(UInt32)
        case describeSink(UInt32)
        case describeAllStreams
        /// Arm the timer (unless it is armed) for ``Event/sinkAsksDue``, for every stream asked
        /// again once more after ``moveSettle`` (then ``Action/describeAllStreams``), or for
        /// ``Event/removalsDue``.
        case scheduleSinkAsks(after: Duration)
        case scheduleAllStreamsAgain(after: Duration)
        case scheduleRemovals(after: Duration)
        /// The picture changed: tell the delegate once the burst is over.
        case changed
        /// A sink went away, with the streams that played to it and whether its device went.
        case removed(AudioSink, streams: [AudioStream], deviceGone: Bool)
    }

    /// Takes what the server said at `now`; returns what to do, in order.
    public mutating func apply(_ event: Event, at now: MonotonicInstant) -> [Action] {
        switch event {
        case .streamAnnounced(let id): return [.describeStream(id)]
        case .clientAnnounced(let id): return [.describeClient(id)]
        case .sinkAnnounced(let id, let isChange):
            // pipewire-pulse (0.3.65) tells of no change of a stream moved to another sink (by a
            // person, or by the server): only the sinks change, as one starts playing and the
            // other stops, and that may come before the move is done. So a sink's change asks
            // every stream where it plays, at once and once more shortly after.
            return [.describeSink(id)] + (isChange ? [.describeAllStreams, .scheduleAllStreamsAgain(after: Self.moveSettle)] : [])
        case .streamRemoved(let id):
            movedFrom[id] = nil
            sinkAsks[id] = nil
            sinkGivenUp.remove(id)
            return streams.removeValue(forKey: id) != nil ? [.changed] : []
        case .clientRemoved(let id):
            return clients.removeValue(forKey: id) != nil ? [.changed] : []
        case .sinkRemoved(let id):
            return sinkRemoved(id, at: now)
        case .cardRemoved(let id):
            cards.remove(id)
            return []
        case .cardDescribed(let id):
            cards.insert(id)
            return []
        case .streamDescribed(let stream):
            return described(stream, at: now)
        case .clientDescribed(let client):
            guard clients[client.id] != client else { return [] }
            clients[client.id] = client
            return [.changed]
        case .sinkDescribed(let sink):
            guard sinks[sink.id] != sink else { return [] }
            sinks[sink.id] = sink
            return [.changed]
        case .sinkAsksDue:
            return sinkAsks.keys.sorted().map { id in
                sinkAsks[id, default: 0] += 1
                return .describeStream(id)
            }
        case .removalsDue:
            let told = removals
            removals = []
            return told.map { .removed($0.sink, streams: $0.streams, deviceGone: $0.sink.card.map { !cards.contains($0) } ?? true) }
        case .disconnected:
            let hadAnything = !streams.isEmpty || !clients.isEmpty || !sinks.isEmpty
            self = AudioModel()
            return hadAnything ? [.changed] : []
        }
    }

    /// Whether the server has anything MediaRemote follows.
    public var isEmpty: Bool { streams.isEmpty && clients.isEmpty && sinks.isEmpty }

    /// A stream described before it was linked to its sink: pipewire-pulse (0.3.65) tells of no
    /// change when the link is made, so the stream is asked again, every 100 ms for up to 3 s,
    /// until it says where it plays. Without it a stream would never be known to play to the
    /// sink that goes away, and its player would not be paused.
    private mutating func described(_ stream: AudioStream, at now: MonotonicInstant) -> [Action] {
        var actions: [Action] = []
        if stream.sink == nil, !sinkGivenUp.contains(stream.id) {
            let asked = sinkAsks[stream.id, default: 0]
            if asked < Self.sinkAsksMost {
                sinkAsks[stream.id] = asked
                actions.append(.scheduleSinkAsks(after: Self.sinkAskInterval))
            } else {
                sinkAsks[stream.id] = nil
                sinkGivenUp.insert(stream.id)
            }
        } else if stream.sink != nil {
            sinkAsks[stream.id] = nil
            sinkGivenUp.remove(stream.id)
        }
        guard streams[stream.id] != stream else { return actions }
        if let before = streams[stream.id]?.sink, before != stream.sink { movedFrom[stream.id] = Move(sink: before, at: now) }
        streams[stream.id] = stream
        return actions + [.changed]
    }

    /// A sink went: the streams on it, or moved off it within ``moveBeforeRemoval``, played to it;
    /// told once its card had ``cardGrace`` to go too.
    private mutating func sinkRemoved(_ id: UInt32, at now: MonotonicInstant) -> [Action] {
        guard let sink = sinks.removeValue(forKey: id) else { return [] }
        let playing = streams.values.filter { stream in
            if stream.sink == id { return true }
            guard let moved = movedFrom[stream.id] else { return false }
            return moved.sink == id && now - moved.at <= Self.moveBeforeRemoval
        }.sorted { $0.id < $1.id }
        removals.append(Removal(sink: sink, streams: playing))
        return [.scheduleRemovals(after: Self.cardGrace), .changed]
    }
}
