/// A key of the file given on a command line instead (`mediaremotectl motion replay
/// --sensitivity`, `mediaremoted --call-timeout`), checked by the key's one declaration: a flag
/// takes exactly what the file takes, and says so in the same words (its option's `allowed`).
extension Configuration {
    /// This configuration with `value` for `option`, or nil when the key does not take it
    /// (a value of the wrong kind, or out of its range).
    public func setting(_ option: Option, to value: TOMLValue) -> Configuration? {
        var changed = self
        return option.read(value, &changed).isEmpty ? changed : nil
    }
}
