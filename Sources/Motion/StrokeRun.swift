/// The strokes of a shake that follow one another: a hand shaking a device drives it back and
/// forth along a line, stroke after stroke. A pause longer than a swing, or a stroke across the
/// one before (a path turning, as in a circle traced in the air), starts a new run; the shake
/// counts its longest run. Strokes in the same direction (one stroke cut in two by a wobble)
/// and straight back both continue it.
struct StrokeRun {
    private(set) var longest = 0
    private var current = 0
    private var last: Swing?

    /// `longestGap`: seconds from one stroke's end to the next one's start; `crossways`: the
    /// largest |cosine| between two strokes that are across each other.
    mutating func add(_ stroke: Swing, longestGap: Double, crossways: Double) {
        if let last, stroke.start - last.end > longestGap || abs(stroke.cosine(with: last)) < crossways {
            current = 0
        }
        current += 1
        longest = max(longest, current)
        last = stroke
    }
}
