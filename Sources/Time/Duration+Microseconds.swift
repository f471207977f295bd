// CLOCK_MONOTONIC's instants here, evdev's timestamps and MPRIS's positions and offsets all
// count microseconds.
extension Duration {
    @usableFromInline
    static let attosecondsPerMicrosecond: Int128 = 1_000_000_000_000

    /// The duration in whole microseconds, the part below one dropped (toward zero); beyond
    /// what 64 bits count (some 292,000 years either way), the largest they do.
    @inlinable
    public var wholeMicroseconds: Int64 { Int64(clamping: attoseconds / Duration.attosecondsPerMicrosecond) }
}
