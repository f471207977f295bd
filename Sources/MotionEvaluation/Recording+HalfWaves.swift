import Motion
import Time

/// What a shake is, measured on the recording and independently of any detector (issue 38):
/// the README tells a person to shake the device briskly back and forth about three times, and
/// a labelled hand shake is *deliberate* when it holds at least ``deliberateHalfWaves``
/// half-waves of at least ``threshold`` g along its main axis. Shorter gestures (two strokes in
/// a fifth of a second) are reported beside it, never a goal.
extension Recording {
    /// Half-waves that make a deliberate shake: three back-and-forths.
    public static let deliberateHalfWaves = 6
    /// How far (g) the motion along the main axis must go each way for a half-wave.
    public static let threshold = 0.5
    /// The moving mean that is taken for gravity (and the device's slow turning).
    static let gravityWindow: Duration = .milliseconds(500)
    /// The moving mean that smooths the projection, so one jolt's ringing is not counted.
    static let smoothingWindow: Duration = .milliseconds(40)

    /// The half-waves of the motion between `start` and `end`: gravity removed by a centred
    /// 0.5 s moving mean of each axis (computed over the whole recording, so the window's edges
    /// have their neighbours), projected on the window's principal axis, smoothed over 40 ms,
    /// then counted with hysteresis: a half-wave is a crossing of +threshold or -threshold,
    /// and a new one only after the opposite threshold is crossed.
    public func halfWaves(from start: MonotonicInstant, to end: MonotonicInstant, threshold: Double = Recording.threshold) -> Int {
        let motion = Self.centredMeans(of: samples.map { Triple($0.x, $0.y, $0.z) }, times: samples.map(\.time), window: Self.gravityWindow)
        let inside = samples.indices.filter { samples[$0].time >= start && samples[$0].time <= end }
        guard inside.count >= 2 else { return 0 }
        let dynamic = inside.map { Triple(samples[$0].x, samples[$0].y, samples[$0].z) - motion[$0] }
        let axis = Self.principalAxis(of: dynamic)
        let projected = dynamic.map { $0.dot(axis) }
        let smoothed = Self.centredMeans(of: projected.map { Triple($0, 0, 0) }, times: inside.map { samples[$0].time }, window: Self.smoothingWindow)
            .map(\.x)
        var count = 0
        var side = 0
        for value in smoothed {
            if value >= threshold, side != 1 { (count, side) = (count + 1, 1) }
            if value <= -threshold, side != -1 { (count, side) = (count + 1, -1) }
        }
        return count
    }

    /// Each value's centred moving mean over `window` (half before, half after), by the times
    /// given: uneven streams are averaged by time, not by count.
    static func centredMeans(of values: [Triple], times: [MonotonicInstant], window: Duration) -> [Triple] {
        let half = window / 2
        var sums = [Triple(0, 0, 0)]
        sums.reserveCapacity(values.count + 1)
        for value in values { sums.append(sums[sums.count - 1] + value) }
        var (low, high) = (0, 0)
        return values.indices.map { index in
            while times[low] < times[index] - half { low += 1 }
            while high < values.count && times[high] <= times[index] + half { high += 1 }
            return (sums[high] - sums[low]) * (1 / Double(high - low))
        }
    }

    /// The direction along which `vectors` vary most: the covariance's first eigenvector, by
    /// power iteration from the covariance's longest row (an axis alone, uncorrelated with the
    /// others, would be an eigenvector to stay on even when a diagonal varies more).
    static func principalAxis(of vectors: [Triple]) -> Triple {
        let count = Double(vectors.count)
        let mean = vectors.reduce(Triple(0, 0, 0), +) * (1 / count)
        var c = [[Double]](repeating: [0, 0, 0], count: 3)
        for vector in vectors {
            let d = vector - mean
            let e = [d.x, d.y, d.z]
            for row in 0..<3 { for column in 0..<3 { c[row][column] += e[row] * e[column] / count } }
        }
        func norm(_ row: [Double]) -> Double { row.reduce(0) { $0 + $1 * $1 } }
        var axis = c.max { norm($0) < norm($1) } ?? [1, 0, 0]
        for _ in 0..<50 {
            let next = (0..<3).map { row in (0..<3).reduce(0.0) { $0 + c[row][$1] * axis[$1] } }
            let length = next.reduce(0) { $0 + $1 * $1 }.squareRoot()
            guard length > 0 else { break }
            axis = next.map { $0 / length }
        }
        return Triple(axis[0], axis[1], axis[2])
    }
}

/// Three numbers (an acceleration's axes), for the arithmetic above.
struct Triple {
    var x, y, z: Double

    init(_ x: Double, _ y: Double, _ z: Double) { (self.x, self.y, self.z) = (x, y, z) }

    static func + (a: Triple, b: Triple) -> Triple { Triple(a.x + b.x, a.y + b.y, a.z + b.z) }
    static func - (a: Triple, b: Triple) -> Triple { Triple(a.x - b.x, a.y - b.y, a.z - b.z) }
    static func * (a: Triple, k: Double) -> Triple { Triple(a.x * k, a.y * k, a.z * k) }
    func dot(_ other: Triple) -> Double { x * other.x + y * other.y + z * other.z }
}
