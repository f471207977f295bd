// motion-eval: scores shake detectors on labelled recordings (../shared/data/motion/) for every
// device profile and prints a table. usage: motion-eval DATA_DIR
import Foundation
import Motion

struct Label {
    let file: String
    let label: String
    let start: Double?
    let end: Double?
}

func labels(in directory: URL) throws -> [Label] {
    let text = try String(contentsOf: directory.appendingPathComponent("labels.csv"), encoding: .utf8)
    return text.split(whereSeparator: \.isNewline).dropFirst().compactMap { line in
        let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 4 else { return nil }
        return Label(file: fields[0], label: fields[1], start: Double(fields[2]), end: Double(fields[3]))
    }
}

/// The detectors compared, each made fresh for every recording.
let detectors: [(String, () -> any ShakeDetector)] = [
    ("MediaRemote (swing)", { SwingDetector() }),
    ("seismic (13 m/s², reference)", { SeismicDetector() }),
]

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: motion-eval DATA_DIR\n".utf8))
    exit(2)
}
let directory = URL(fileURLWithPath: CommandLine.arguments[1])
let all = try labels(in: directory)
let files = Array(Set(all.map(\.file))).sorted()
var recordings: [String: Recording] = [:]
for file in files {
    recordings[file] = try Recording(csv: String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8))
}

func ms(_ value: Int64?) -> String { value.map { String($0 / 1000) } ?? "-" }

print("detector                        profile      recall   began med/p95 (ms)  ended med (ms)  false shakes/h  false starts/h")
for (name, make) in detectors {
    for profile in DeviceProfile.all {
        var score = Score()
        for file in files {
            guard let recording = recordings[file] else { continue }
            let rendered = profile.render(recording)
            var detector = make()
            let events = detector.run(rendered)
            let shakes = all.filter { $0.file == file && ($0.label == "SHAKE" || $0.label == "SHAKE_LIKE") }
                .compactMap { label -> (start: UInt64, end: UInt64)? in
                    guard let start = label.start, let end = label.end else { return nil }
                    return (UInt64(start * 1_000_000), UInt64(end * 1_000_000))
                }
            score.add(events: events, shakes: shakes, duration: rendered.duration, unlabelledElsewhere: file.hasPrefix("handshake_"))
        }
        let row = [
            name.padding(toLength: 31, withPad: " ", startingAt: 0),
            profile.name.padding(toLength: 12, withPad: " ", startingAt: 0),
            String(format: "%5.1f%%", score.recall * 100).padding(toLength: 8, withPad: " ", startingAt: 0),
            "\(ms(Score.percentile(score.beganLatencies, 0.5)))/\(ms(Score.percentile(score.beganLatencies, 0.95)))"
                .padding(toLength: 19, withPad: " ", startingAt: 0),
            ms(Score.percentile(score.endedLatencies, 0.5)).padding(toLength: 15, withPad: " ", startingAt: 0),
            String(format: "%14.1f", score.falseShakesPerHour), String(format: "%15.1f", score.falseStartsPerHour),
        ]
        print(row.joined(separator: " "))
    }
}
print("\(all.filter { $0.label.hasPrefix("SHAKE") }.count) labelled shakes; quiet recordings: walking, running, sawing")
