import DBusTypes

/// The methods of `org.mediaremote.Responder1`, which a player's objects implement and
/// MediaRemote calls, as `dbus/org.mediaremote.Responder1.xml` documents them (a test holds
/// the two together). Each takes a ``ResponderCall`` and answers a ``ResponderReply``.
public enum ResponderMembers {
    public static let remoteControlReceived = TypedMethod<ResponderCall, ResponderReply>("RemoteControlReceived")
    public static let motionBegan = TypedMethod<ResponderCall, ResponderReply>("MotionBegan")
    public static let motionEnded = TypedMethod<ResponderCall, ResponderReply>("MotionEnded")
    public static let motionCancelled = TypedMethod<ResponderCall, ResponderReply>("MotionCancelled")

    public static let all = [remoteControlReceived, motionBegan, motionEnded, motionCancelled]
}
