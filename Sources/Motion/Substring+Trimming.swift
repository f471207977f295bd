extension Substring {
    /// The text without the whitespace around it (CSV fields, sysfs values). `package`: the
    /// recordings of MotionEvaluation read fields the same way.
    package func trimmingWhitespace() -> Substring {
        var text = self
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}
