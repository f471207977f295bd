import Foundation
import Motion

/// The swing detector's parameters: the defaults, or as `X_SET` changes them for an experiment
/// (`X_SET="strokesToQualify=3 pause=0.3"`; times in seconds).
let parameters: SwingDetector.Parameters = {
    var parameters = SwingDetector.Parameters()
    for setting in (ProcessInfo.processInfo.environment["X_SET"] ?? "").split(separator: " ") {
        let parts = setting.split(separator: "=").map(String.init)
        guard parts.count == 2, let value = Double(parts[1]) else { fatalError("X_SET: not name=number: \(setting)") }
        let seconds = Duration.microseconds(Int64(value * 1_000_000))
        switch parts[0] {
        case "swingStrength": parameters.swingStrength = value
        case "reversal": parameters.reversal = value
        case "longestSwing": parameters.longestSwing = seconds
        case "turnHysteresis": parameters.turnHysteresis = value
        case "backAndForthsToQualify": parameters.backAndForthsToQualify = Int(value)
        case "shortestShake": parameters.shortestShake = seconds
        case "strokesToQualify": parameters.strokesToQualify = Int(value)
        case "strokeStrength": parameters.strokeStrength = value
        case "strokeReach": parameters.strokeReach = value
        case "crossways": parameters.crossways = value
        case "pause": parameters.pause = seconds
        case "stillRadius": parameters.stillRadius = value
        case "stillTime": parameters.stillTime = seconds
        case "settleTime": parameters.settleTime = seconds
        case "joltGap": parameters.joltGap = seconds
        case "restTime": parameters.restTime = seconds
        default: fatalError("X_SET: no parameter \(parts[0])")
        }
    }
    return parameters
}()
