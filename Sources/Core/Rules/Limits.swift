/// How much one app (one connection) may hold at once, so that no client, however it
/// misbehaves, can make the service grow without bound. Generous for any real player: an app
/// pushes a responder or two and holds one motion claim.
public struct Limits: Hashable, Sendable {
    /// Its responders on the first-responder stack (pushing one already there only moves it).
    public var respondersPerApp = 64
    /// Its BecomeFirstResponder calls still being checked (each introspects the caller).
    public var pendingPushesPerApp = 16
    /// Its motion claims.
    public var motionClaimsPerApp = 64

    public init() {}
}
