import Time

/// Rule 2's exceptions: an app kept Now Playing though it does not play (``NowPlayingPin``).
extension Registry {
    /// `app` started to play: the most recent start now, and, if it receives, the end of any
    /// pin (a player that cannot be Now Playing moves nothing).
    mutating func started(_ app: AppID, at time: MonotonicInstant) {
        apps[app]?.lastStartedPlaying = time
        if apps[app]?.receives(in: mode) == true {
            pin = nil
            // A pin still to be recalled is older than this start: it ends too.
            recall?.pin = nil
        }
        if pauseRequest?.app == app { pauseRequest = nil }
    }

    /// `app` left Playing: if a pause-like event was just sent to it, that event paused it, and
    /// it stays Now Playing.
    mutating func stoppedPlaying(_ app: AppID, at time: MonotonicInstant) {
        guard let request = pauseRequest, request.app == app else { return }
        pauseRequest = nil
        if time >= request.at, time - request.at <= remotePauseWindow {
            pin = NowPlayingPin(app: app, reason: .pausedByRemoteControl)
            recall?.pin = nil
        }
    }

    /// A pause, play/pause or stop is on its way to `app`: remembered if it is playing, so that
    /// its leaving Playing is known to be the event's doing.
    mutating func pauseRequested(of app: AppID, at time: MonotonicInstant) {
        pauseRequest = apps[app]?.isPlaying == true ? PauseRequest(app: app, at: time) : nil
    }

    /// The pause-like event sent to `app` was declined by every link: whatever it does next is
    /// its own. (One that timed out may still pause, late: the window decides.)
    mutating func pauseRequestFailed(of app: AppID) {
        if pauseRequest?.app == app { pauseRequest = nil }
    }

    mutating func unpin(_ app: AppID) {
        if pin?.app == app { pin = nil }
    }

}
