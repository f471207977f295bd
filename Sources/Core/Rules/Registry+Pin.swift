/// Rule 2's exceptions: an app kept Now Playing though it does not play (``NowPlayingPin``).
extension Registry {
    /// `app` started to play: the most recent start now, and the end of any pin.
    mutating func started(_ app: AppID, at time: UInt64) {
        apps[app]?.lastStartedPlaying = time
        pin = nil
        if pauseRequest?.app == app { pauseRequest = nil }
    }

    /// `app` left Playing: if a pause-like event was just sent to it, that event paused it, and
    /// it stays Now Playing.
    mutating func stoppedPlaying(_ app: AppID, at time: UInt64) {
        guard let request = pauseRequest, request.app == app else { return }
        pauseRequest = nil
        if time >= request.at, time - request.at <= remotePauseWindow {
            pin = NowPlayingPin(app: app, since: time, reason: .pausedByRemoteControl)
        }
    }

    /// A pause, play/pause or stop is on its way to `app`: remembered if it is playing, so that
    /// its leaving Playing is known to be the event's doing.
    mutating func pauseRequested(of app: AppID, at time: UInt64) {
        pauseRequest = apps[app]?.isPlaying == true ? PauseRequest(app: app, at: time) : nil
    }

    /// The pause-like event sent to `app` was not handled: whatever it does next is its own.
    mutating func pauseRequestFailed(of app: AppID) {
        if pauseRequest?.app == app { pauseRequest = nil }
    }

    mutating func unpin(_ app: AppID) {
        if pin?.app == app { pin = nil }
    }

    /// The pin, while its app still receives and has a player; a pin always wins, since any
    /// start ends it.
    var activePin: NowPlayingPin? {
        guard let pin, let record = apps[pin.app], record.player != nil, record.receives(in: mode) else { return nil }
        return pin
    }

    // MARK: A person's choice

    /// Moves Now Playing `offset` places along ``playersInLine(at:)`` (1: `Shift`, -1:
    /// `Unshift`), around at the ends, and keeps it there until another player starts to play.
    /// Nil, changing nothing, when no receiving app has a player.
    public mutating func shift(by offset: Int, at now: UInt64) -> AppID? {
        let line = playersInLine(at: now)
        guard !line.isEmpty else { return nil }
        let current = nowPlaying(at: now).flatMap { line.firstIndex(of: $0) }
        // From nobody in line, Shift takes the first and Unshift the last.
        let from = current ?? (offset > 0 ? line.count - 1 : 0)
        let count = line.count
        let chosen = line[((from + offset) % count + count) % count]
        pin = NowPlayingPin(app: chosen, since: now, reason: .chosen)
        // The choice is the latest word: a pause still on its way cannot pin its player over it.
        pauseRequest = nil
        return chosen
    }
}
