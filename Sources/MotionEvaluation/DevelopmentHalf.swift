/// The development recordings in two halves, so that a rule is chosen on one and judged on the
/// other (issue 27): a rule that only fits the recordings it was chosen on shows up as a gap
/// between the two. The judging half is as close as the development set comes to the held-out
/// one: the Wii remote gestures of the archive's test split, made by people who are not in its
/// train split, and every second recording of each other source.
public enum DevelopmentHalf: String, CaseIterable, Sendable {
    /// Rules are chosen on this half.
    case choose
    /// ... and judged on this one.
    case judge

    /// The half each of `files` (the recordings' names) is in.
    public static func split(_ files: [String]) -> [String: DevelopmentHalf] {
        var halves: [String: DevelopmentHalf] = [:]
        let bySource = Dictionary(grouping: files.filter { !$0.hasPrefix("wiimote_") }, by: source)
        for (_, recordings) in bySource {
            for (index, file) in recordings.sorted().enumerated() { halves[file] = index.isMultiple(of: 2) ? .choose : .judge }
        }
        for file in files where file.hasPrefix("wiimote_") {
            halves[file] = file.contains("_test_") ? .judge : .choose
        }
        return halves
    }

    /// A recording's source: its name up to the first `_` (`wrist16`, `oxford`, `handshake`).
    static func source(of file: String) -> String {
        String(file.prefix { $0 != "_" })
    }
}
