import Foundation
import Motion
import MotionEvaluation
import Time

/// `--explain`: what the detector got wrong, recording by recording: each hand shake it did not
/// recognise (with the events it gave near it), each it began late (with when the device
/// started to move), and each false shake (with its label), so each gap in the table can be
/// traced to the data.
enum Explanation {
    /// Later than this after a hand shake's onset, a `began` is explained.
    static let lateBegan = Duration.milliseconds(300)

    static func print(_ file: String, _ profile: String, _ events: [DetectorEvent], _ content: Score.Content, _ recording: Recording) {
        func seconds(_ time: MonotonicInstant) -> String { String(format: "%.2f", Double(time.microseconds) / 1e6) }
        func list(_ events: [DetectorEvent]) -> String {
            events.map { "\($0.phase) \(seconds($0.time))" + ($0.cancellation.map { " (\($0))" } ?? "") }.joined(separator: ", ")
        }
        switch content {
        case .handShakes(let shakes):
            for shake in shakes {
                let one = Score.of(events, shake: shake)
                if one.recognised == 1, let latency = one.beganLatencies.first, latency > lateBegan {
                    Swift.print("late  \(profile.padding(toLength: 11, withPad: " ", startingAt: 0)) \(file) "
                        + "\(seconds(shake.start))–\(seconds(shake.end)) s: began +\(ms(latency)) ms, "
                        + (recording.motion(after: shake.start).map { "the device moved 1 g from +\(ms($0)) ms" } ?? "it never moved 1 g"))
                }
                guard one.recognised == 0 else { continue }
                let near = events.filter { $0.time >= shake.start - .seconds(1) && $0.time <= shake.end + .seconds(3) }
                Swift.print("miss  \(profile.padding(toLength: 11, withPad: " ", startingAt: 0)) \(file) "
                    + "\(seconds(shake.start))–\(seconds(shake.end)) s: \(near.isEmpty ? "nothing" : list(near))")
            }
        case .noShake:
            for (index, event) in events.enumerated() where event.phase == .ended {
                let began = events[..<index].last { $0.phase == .began }
                Swift.print("false \(profile.padding(toLength: 11, withPad: " ", startingAt: 0)) \(file) "
                    + "\(began.map { seconds($0.time) } ?? "?")–\(seconds(event.time)) s")
            }
        case .shakingWindow:
            break
        }
    }
}
