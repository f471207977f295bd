import MediaRemoteAPI
import Time

/// A seek held now: begun (`beginSeekingForward`, `beginSeekingBackward`) and handled, its end
/// still to come, and to go where its beginning went.
public struct SeekInProgress: Hashable, Sendable {
    /// The subtype that began it.
    public let direction: RemoteControlSubtype
    /// What began it: a key held, a headset's click-and-hold, a call.
    public let source: EventSource
    /// Who handles it, and so gets its end.
    public let link: Link
    /// When it began (or was begun again).
    public let since: MonotonicInstant
    /// Its end is on its way (the service sent it when no end came): no deadline any more,
    /// while the handler answers.
    var ending = false

    /// How long a seek begun by a call lasts at most when no end comes: a key's end comes with
    /// its release or its device going away, but a call's end is another call, which a script
    /// may lose (its key-up missed, the script killed). Long enough for a person to hold a
    /// remote's button through a track; a begin sent again counts from then.
    public static let longestWithoutEnd = Duration.seconds(10)

    /// When it ends by itself, if it does: only one a call began.
    public var deadline: MonotonicInstant? {
        source == .api && !ending ? since + Self.longestWithoutEnd : nil
    }
}

extension Dispatcher {
    /// Every seek held now, in the order of their directions.
    public var seeksInProgress: [SeekInProgress] {
        seeks.values.sorted { $0.direction.rawValue < $1.direction.rawValue }
    }

    /// When the next seek a call began ends by itself, if one is held.
    public var nextSeekDeadline: MonotonicInstant? {
        seeks.values.compactMap(\.deadline).min()
    }

    /// The ends of the seeks begun by calls that have lasted their longest by `now`: for the
    /// shell to dispatch, each to where its beginning went. Each is marked as ending, so that a
    /// handler slow to answer its end is not sent it again.
    public mutating func takeSeekEndsDue(at now: MonotonicInstant) -> [Event] {
        let due = seeksInProgress.filter { $0.deadline.map { $0 <= now } ?? false }
        for seek in due { seeks[seek.direction]?.ending = true }
        return due.compactMap { $0.direction.endOfSeek }.map { Event.remoteControl($0, at: now, from: .api) }
    }

    /// The ends to dispatch before `event`: a seek begun while the other direction's is held
    /// ends that one first, so one player never seeks both ways at once (a person who presses
    /// rewind while fast-forward is held means rewind). Each is marked as ending.
    public mutating func seekEndsBefore(_ event: Event) -> [Event] {
        guard let subtype = event.remoteControlSubtype, subtype.beginsSeek else { return [] }
        let others = seeks.keys.filter { $0 != subtype }.sorted { $0.rawValue < $1.rawValue }
        for other in others { seeks[other]?.ending = true }
        return others.compactMap(\.endOfSeek).map { Event.remoteControl($0, at: event.timestamp, from: event.source) }
    }
}
