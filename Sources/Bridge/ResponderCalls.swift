import Core
import DBusTypes

/// The calls MediaRemote makes on `org.mediaremote.Responder1` objects, as
/// `dbus/org.mediaremote.Responder1.xml` documents them (a test holds the two together).
public enum ResponderCalls {
    /// Every method: `(s subtype, t timestamp) → b handled`.
    public static let members: [MemberName] = ["RemoteControlReceived", "MotionBegan", "MotionEnded", "MotionCancelled"]
    public static let inputs: Signature = "st"
    public static let outputs: Signature = "b"

    /// The method for an event: remote control, or the motion phase.
    public static func member(for phase: MotionPhase?) -> MemberName {
        switch phase {
        case nil: "RemoteControlReceived"
        case .began?: "MotionBegan"
        case .ended?: "MotionEnded"
        case .cancelled?: "MotionCancelled"
        }
    }
}
