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

extension Configuration.Option {
    /// How a command line writes a key's value: its text as the value the file would hold.
    struct Argument: Sendable {
        /// What the key takes, as a command line writes it: a choice's words without the
        /// quotes a shell would take away ("compat or strict"), one entry of a list.
        let allowed: String
        /// Whether a refusal quotes the text: a word is quoted, a number shown as written, as
        /// the file's problems show them.
        let quoted: Bool
        let value: @Sendable (String) -> TOMLValue
    }
}
