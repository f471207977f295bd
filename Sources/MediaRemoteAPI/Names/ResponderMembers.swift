import DBusTypes

/// The methods of `org.mediaremote.Responder1`, which a player's objects implement and
/// MediaRemote calls, as `dbus/org.mediaremote.Responder1.xml` documents them (a test holds
/// the two together). Each takes a ``ResponderCall`` and answers a ``ResponderReply``.
public enum ResponderMembers {
    public static let remoteControlReceived: MemberName = "RemoteControlReceived"
    public static let motionBegan: MemberName = "MotionBegan"
    public static let motionEnded: MemberName = "MotionEnded"
    public static let motionCancelled: MemberName = "MotionCancelled"

    public static let all = [remoteControlReceived, motionBegan, motionEnded, motionCancelled]
}
