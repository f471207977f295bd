import Core
import MediaRemoteAPI
import Time

/// A single-button headset's gestures, from one key's presses and releases with their
/// timestamps: click → togglePlayPause, double-click → nextTrack, triple-click →
/// previousTrack, click-and-hold → seek forward while held, double-click-and-hold → seek
/// backward while held. Pure: time comes in with each input, and `deadline` says when to call
/// `timeout(at:)` if nothing else happens first (as keyd does).
public struct HeadsetRecognizer: Sendable {
    public struct Timing: Equatable, Sendable {
        /// The longest gap between a release and the next press that still makes one gesture.
        public var clickGap: Duration
        /// How long a press lasts before it is a hold.
        public var holdThreshold: Duration

        /// No defaults here: the configuration's (`headset_click_gap_ms`, `headset_hold_ms`)
        /// are the only ones.
        public init(clickGap: Duration, holdThreshold: Duration) {
            self.clickGap = clickGap
            self.holdThreshold = holdThreshold
        }
    }

    private enum State: Equatable, Sendable {
        case idle
        /// The button is down: the `count`th press of this gesture.
        case pressed(count: Int, at: MonotonicInstant)
        /// The button came up after `count` presses; another may follow.
        case released(count: Int, at: MonotonicInstant)
        /// Held past the threshold: seeking (or, for three presses and more, nothing more).
        case holding(end: RemoteControlSubtype?)
    }

    public let timing: Timing
    public let source: EventSource
    private var state = State.idle

    public init(timing: Timing, source: EventSource = .headset) {
        self.timing = timing
        self.source = source
    }

    /// When `timeout(at:)` must be called if no key event comes first; nil when none is due.
    public var deadline: MonotonicInstant? {
        switch state {
        case .pressed(_, let at): at + timing.holdThreshold
        // A press exactly `clickGap` after the release still joins: the gesture ends just after.
        case .released(_, let at): at + timing.clickGap + .microseconds(1)
        case .idle, .holding: nil
        }
    }

    /// The button went down (autorepeat is ignored by the caller).
    public mutating func press(at time: MonotonicInstant) -> [Event] {
        let events = timeout(at: time)
        switch state {
        case .idle: state = .pressed(count: 1, at: time)
        case .released(let count, _): state = .pressed(count: count + 1, at: time)
        case .pressed, .holding: break
        }
        return events
    }

    /// The button came up.
    public mutating func release(at time: MonotonicInstant) -> [Event] {
        var events = timeout(at: time)
        switch state {
        case .pressed(let count, _):
            state = .released(count: count, at: time)
        case .holding(let end):
            state = .idle
            if let end { events.append(.remoteControl(end, at: time, from: source)) }
        case .idle, .released:
            break
        }
        return events
    }

    /// Time passed: a press held past the threshold becomes a hold, a gesture whose gap ran out
    /// is complete. Call at `deadline`, or before any input (the input functions do).
    public mutating func timeout(at now: MonotonicInstant) -> [Event] {
        switch state {
        case .pressed(let count, let at) where now >= at + timing.holdThreshold:
            let began: (begin: RemoteControlSubtype, end: RemoteControlSubtype)? =
                switch count {
                case 1: (.beginSeekingForward, .endSeekingForward)
                case 2: (.beginSeekingBackward, .endSeekingBackward)
                default: nil
                }
            state = .holding(end: began?.end)
            return began.map { [.remoteControl($0.begin, at: at + timing.holdThreshold, from: source)] } ?? []
        case .released(let count, let at) where now > at + timing.clickGap:
            state = .idle
            let subtype: RemoteControlSubtype =
                switch count {
                case 1: .togglePlayPause
                case 2: .nextTrack
                default: .previousTrack
                }
            return [.remoteControl(subtype, at: at + timing.clickGap + .microseconds(1), from: source)]
        default:
            return []
        }
    }

    /// The device went away: a seek in progress ends; a gesture in progress is dropped.
    public mutating func deviceRemoved(at time: MonotonicInstant) -> [Event] {
        defer { state = .idle }
        if case .holding(let end?) = state { return [.remoteControl(end, at: time, from: source)] }
        return []
    }
}
