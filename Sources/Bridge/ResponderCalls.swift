import Core
import DBusTypes
import MediaRemoteAPI

/// Which `org.mediaremote.Responder1` method MediaRemote calls for an event.
enum ResponderCalls {
    /// The method for an event: remote control, or the motion phase.
    static func member(for phase: MotionPhase?) -> MemberName {
        switch phase {
        case nil: ResponderMembers.remoteControlReceived
        case .began?: ResponderMembers.motionBegan
        case .ended?: ResponderMembers.motionEnded
        case .cancelled?: ResponderMembers.motionCancelled
        }
    }
}
