import Foundation
import Motion

/// The swing detector's parameters: the defaults, or as `X_SET` changes them for an experiment
/// (`X_SET="strokesToQualify=3 pause=0.3"`; times in seconds).
let parameters: SwingDetector.Parameters = {
    let numbers: [String: WritableKeyPath<SwingDetector.Parameters, Double>] = [
        "swingStrength": \.swingStrength, "reversal": \.reversal, "turnHysteresis": \.turnHysteresis,
        "strokeStrength": \.strokeStrength, "strokeReach": \.strokeReach, "crossways": \.crossways, "stillRadius": \.stillRadius,
        "midSwingBegin": \.midSwingBegin,
    ]
    let counts: [String: WritableKeyPath<SwingDetector.Parameters, Int>] = [
        "backAndForthsToQualify": \.backAndForthsToQualify, "strokesToQualify": \.strokesToQualify,
    ]
    let times: [String: WritableKeyPath<SwingDetector.Parameters, Duration>] = [
        "longestSwing": \.longestSwing, "shortestShake": \.shortestShake, "longestShake": \.longestShake, "pause": \.pause,
        "stillTime": \.stillTime, "settleTime": \.settleTime, "joltGap": \.joltGap, "restTime": \.restTime,
    ]
    var parameters = SwingDetector.Parameters()
    for setting in (ProcessInfo.processInfo.environment["X_SET"] ?? "").split(separator: " ") {
        let parts = setting.split(separator: "=").map(String.init)
        guard parts.count == 2, let value = Double(parts[1]) else { fatalError("X_SET: not name=number: \(setting)") }
        if let number = numbers[parts[0]] {
            parameters[keyPath: number] = value
        } else if let count = counts[parts[0]] {
            parameters[keyPath: count] = Int(value)
        } else if let time = times[parts[0]] {
            parameters[keyPath: time] = .microseconds(Int64(value * 1_000_000))
        } else {
            fatalError("X_SET: no parameter \(parts[0])")
        }
    }
    return parameters
}()
