import Core
import MediaRemoteAPI
import Motion

extension MotionPhase {
    /// The detector's phase as the rules know it. An exhaustive switch, not a match of raw
    /// strings: a phase added to either side fails to compile here instead of being skipped.
    init(_ phase: DetectorEvent.Phase) {
        switch phase {
        case .began: self = .began
        case .ended: self = .ended
        case .cancelled: self = .cancelled
        }
    }
}
