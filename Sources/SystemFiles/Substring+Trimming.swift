extension Substring {
    /// The text without the whitespace around it: a line of /proc, a sysfs value, a CSV field.
    /// `package`: every module that reads such text trims it the same way.
    package func trimmingWhitespace() -> Substring {
        var text = self
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}
