import MediaRemoteAPI
import Time

/// What the core knows of one app.
struct AppRecord: Hashable, Sendable {
    /// When the core first heard of it (a call, or its player appearing; recalled across a
    /// restart); orders ties.
    var arrivedAt: MonotonicInstant
    /// It called BeginReceivingRemoteControlEvents (and not End since).
    var beganReceiving = false
    var player: Player?
    /// When it last started playing; the clock's start when it was found playing at start-up
    /// (nobody knows when).
    var lastStartedPlaying: MonotonicInstant?
    /// When it last stopped playing (Paused or Stopped after Playing).
    var lastPlayed: MonotonicInstant?
    /// Whether it left Playing for Stopped, at `lastPlayed`: a track change, if it comes back soon.
    var stoppedAfterPlaying = false
    /// Its player was on the bus when MediaRemote looked (``PlayerArrival/found``): what it
    /// did before, nobody knows.
    var foundOnBus = false
    var motionClaims = 0
    /// Its player's MPRIS `DesktopEntry` and `Identity`, once read (after the player appears).
    var desktopEntry: String?
    var identity: String?
    /// What the audio server says of its sound, and when it was last heard (it stopped being
    /// audible then; nil if it never was while MediaRemote listened).
    var audibility = Audibility.unknown
    var lastHeard: MonotonicInstant?
    /// Since when it has not answered: an event was sent to it and no answer came in time (it
    /// may still act on it). Until it answers again (the shell pings it), events pass it by.
    var notAnsweringSince: MonotonicInstant?

    init(arrivedAt: MonotonicInstant) { self.arrivedAt = arrivedAt }

    /// Rule 1: it began receiving, or it is a plain MPRIS player in compat mode.
    func receives(in mode: Mode) -> Bool { beganReceiving || (mode == .compat && player != nil) }

    var isPlaying: Bool { player?.status == .playing }
    var hasPlayed: Bool { lastStartedPlaying != nil || lastPlayed != nil }
}
