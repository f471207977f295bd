/// The strokes of a shake that follow one another: a hand shaking a device drives it back and
/// forth along a line, stroke after stroke. A pause longer than a swing, or a stroke across the
/// one before (a path turning, as in a circle traced in the air), starts a new run; the shake
/// counts its longest run. Strokes straight back continue it, and so do strokes in the same
/// direction: one stroke cut in two by a wobble counts as two (five recognitions on the
/// development recordings rest on that; counting such pieces once lost them).
struct StrokeRun {
    private(set) var longest = 0
    private var current = 0
    private var last: Swing?

    /// `longestGap`: seconds from one stroke's end to the next one's start; `crossways`: the
    /// largest |cosine| between two strokes that are across each other.
    mutating func add(_ stroke: Swing, longestGap: Double, crossways: Double) {
        if let last, stroke.start - last.end.seconds > longestGap || abs(stroke.cosine(with: last)) < crossways {
            current = 0
        }
        current += 1
        longest = max(longest, current)
        last = stroke
    }
}
