import Motion
import Time
import SystemFiles

/// A recorded trace: samples in time order, as `data/motion/*.csv` holds them
/// (header `t_s,ax_g,ay_g,az_g`).
public struct Recording: Equatable, Sendable {
    public var samples: [MotionSample]

    public init(samples: [MotionSample]) { self.samples = samples }

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case header(String)
        case line(Int, String)
        /// A sample's time (as written) before the previous sample's.
        case backwards(Int, time: String, previous: String)
        case noSamples

        public var description: String {
            switch self {
            case .header(let found): "the header must be 't_s,ax_g,ay_g,az_g', not '\(found)'"
            case .line(let number, let text): "line \(number): '\(text)' is not four numbers (seconds and three axes in g)"
            case .backwards(let number, let time, let previous):
                "line \(number): \(time) s is before the previous sample's \(previous) s; the samples must be in time order"
            case .noSamples: "there are no samples after the header"
            }
        }
    }

    /// Parses CSV text: the header (after a UTF-8 byte-order mark, if a program wrote one),
    /// then at least one sample. Blank lines are skipped; anything else malformed is an error
    /// that names the line. The samples must be in time order: one going back is an error
    /// rather than sorted away, since it means the file was joined or edited wrongly. Equal
    /// times are allowed: a sensor stamping at a coarse resolution repeats one.
    public init(csv text: String) throws(ParseError) {
        // Notepad and spreadsheets' "CSV UTF-8" write the mark; it is not part of the header.
        let body = text.first == "\u{FEFF}" ? text.dropFirst() : Substring(text)
        // Blank lines kept, so that a line's number is the editor's.
        var lines = body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).makeIterator()
        let header = lines.next().map { $0.trimmingWhitespace() } ?? ""
        guard header == "t_s,ax_g,ay_g,az_g" else { throw .header(String(header)) }
        var samples: [MotionSample] = []
        var previous = ""
        var number = 1
        while let line = lines.next() {
            number += 1
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty { continue }
            let written = trimmed.split(separator: ",").map { $0.trimmingWhitespace() }
            let fields = written.compactMap { Double($0) }
            guard fields.count == 4, fields[0] >= 0, fields.allSatisfy(\.isFinite) else { throw .line(number, String(trimmed)) }
            let time = MonotonicInstant(microseconds: UInt64((fields[0] * 1_000_000).rounded()))
            if let last = samples.last, time < last.time { throw .backwards(number, time: String(written[0]), previous: previous) }
            samples.append(MotionSample(time: time, x: fields[1], y: fields[2], z: fields[3]))
            previous = String(written[0])
        }
        guard !samples.isEmpty else { throw .noSamples }
        self.samples = samples
    }

    /// How long it lasts.
    public var duration: Duration { (samples.last?.time ?? .zero) - (samples.first?.time ?? .zero) }
}
