import Motion
import Time

/// A recorded trace: samples in time order, as `data/motion/*.csv` holds them
/// (header `t_s,ax_g,ay_g,az_g`).
public struct Recording: Equatable, Sendable {
    public var samples: [MotionSample]

    public init(samples: [MotionSample]) { self.samples = samples }

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case header(String)
        case line(Int, String)

        public var description: String {
            switch self {
            case .header(let found): "the header must be 't_s,ax_g,ay_g,az_g', not '\(found)'"
            case .line(let number, let text): "line \(number): '\(text)' is not four numbers (seconds and three axes in g)"
            }
        }
    }

    /// Parses CSV text. Blank lines are skipped; anything else malformed is an error that
    /// names the line. Samples out of time order are put in order.
    public init(csv text: String) throws(ParseError) {
        var lines = text.split(whereSeparator: \.isNewline).makeIterator()
        let header = lines.next().map { $0.trimmingWhitespace() } ?? ""
        guard header == "t_s,ax_g,ay_g,az_g" else { throw .header(String(header)) }
        var samples: [MotionSample] = []
        var number = 1
        while let line = lines.next() {
            number += 1
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty { continue }
            let fields = trimmed.split(separator: ",").compactMap { Double($0.trimmingWhitespace()) }
            guard fields.count == 4, fields[0] >= 0, fields.allSatisfy(\.isFinite) else { throw .line(number, String(trimmed)) }
            let time = MonotonicInstant(microseconds: UInt64((fields[0] * 1_000_000).rounded()))
            samples.append(MotionSample(time: time, x: fields[1], y: fields[2], z: fields[3]))
        }
        self.samples = samples.sorted { $0.time < $1.time }
    }

    /// How long it lasts.
    public var duration: Duration { (samples.last?.time ?? .zero) - (samples.first?.time ?? .zero) }
}
